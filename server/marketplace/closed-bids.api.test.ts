// Every bid a sale or a change of the listing closes tells its buyer, once, in their language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBid, TCommodity } from '../../contract/marketplace';
import type { TNotification } from '../../contract/notifications';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function created<T>(session: Session, url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await call(t.app, session.cookie, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

async function decide(session: Session, url: string, payload: Record<string, unknown>): Promise<void> {
  const res = await call(t.app, session.cookie, { method: 'PATCH', url, payload });
  expect(res.statusCode, res.body).toBe(200);
}

const inbox = async (session: Session) =>
  (await call(t.app, session.cookie, { method: 'GET', url: '/api/notifications' })).json<TNotification[]>();

/** The buyer's notifications about their bids being turned down or closed. */
const closings = async (session: Session) => (await inbox(session)).filter((n) => n.type === 'bid_rejected');

describe('bids closed by an accept or a change of the listing', () => {
  it('tell the other buyer once, in their language, when the lot sells out to another bid', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const winner = await userWithRole(t.app, t.ctx, 'buyer');
    const other = await registerUser(t.app, { role: 'buyer', language: 'fr' });
    const lot = await created<TCommodity>(farmer, '/api/commodities', {
      name: 'Maïs',
      quantity: 10,
      price: 200,
      grade: 'A',
    });
    const winning = await created<TBid>(winner, '/api/bids', { commodityId: lot.id, price: 210 });
    await created<TBid>(other, '/api/bids', { commodityId: lot.id, price: 205, quantity: 2 });

    await decide(farmer, `/api/bids/${winning.id}`, { status: 'accepted' });

    const told = await closings(other);
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe('/marketplace#my-bids');
    expect(told[0]?.text).toMatch(
      new RegExp(
        `^Votre offre de 205,00\\s\\$US la tonne sur Maïs est close : ${farmer.user.username} a vendu tout le lot à un autre acheteur\\.$`,
      ),
    );
    expect(await closings(winner)).toEqual([]);
    const [bid] = (await call(t.app, other.cookie, { method: 'GET', url: '/api/bids?status=rejected' })).json<
      TBid[]
    >();
    expect(bid).toMatchObject({ commodityId: lot.id, status: 'rejected' });
  });

  it('tell a buyer whose bid no longer fits what is left, and one whose lot was withdrawn', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const [first, second, third] = await Promise.all([
      userWithRole(t.app, t.ctx, 'buyer'),
      userWithRole(t.app, t.ctx, 'buyer'),
      userWithRole(t.app, t.ctx, 'buyer'),
    ]);
    const lot = await created<TCommodity>(farmer, '/api/commodities', {
      name: 'Sorghum',
      quantity: 10,
      price: 200,
      grade: 'A',
    });
    const taken = await created<TBid>(first, '/api/bids', { commodityId: lot.id, price: 210, quantity: 7 });
    await created<TBid>(second, '/api/bids', { commodityId: lot.id, price: 200, quantity: 5 });
    await created<TBid>(third, '/api/bids', { commodityId: lot.id, price: 190, quantity: 2 });

    await decide(farmer, `/api/bids/${taken.id}`, { status: 'accepted' });
    const told = await closings(second);
    expect(told.map((n) => n.text)).toEqual([
      'Your bid for 5 t of Sorghum was closed: only 3 t are left after another sale.',
    ]);
    // Two tons still fit in the three left: no word to the third buyer, until the lot shrinks, then is withdrawn.
    expect(await closings(third)).toEqual([]);
    const fourth = await userWithRole(t.app, t.ctx, 'buyer');
    await created<TBid>(fourth, '/api/bids', { commodityId: lot.id, price: 195, quantity: 3 });
    await decide(farmer, `/api/commodities/${lot.id}`, { quantity: 2.5 });
    expect((await closings(fourth)).map((n) => n.text)).toEqual([
      `Your bid for 3 t of Sorghum was closed: ${farmer.user.username} now lists only 2.5 t.`,
    ]);
    expect(await closings(third)).toEqual([]);
    await decide(farmer, `/api/commodities/${lot.id}`, { status: 'withdrawn' });
    expect((await closings(third)).map((n) => n.text)).toEqual([
      `Your bid of $190.00 a ton on Sorghum was closed: ${farmer.user.username} withdrew the listing.`,
    ]);
    expect(await closings(second)).toHaveLength(1);
  });
});
