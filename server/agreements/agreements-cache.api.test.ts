// Each reader's forward agreements are kept per instance: a proposal, and an answer to it, show in both sides' next
// read (on another instance once it hears the agreement's event); a stranger's list never holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { today } from '../finance';
import { createFarm, userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const listed = async (who: Session, app = t) =>
  (
    await ok<{ data: TForwardAgreement[] }>(
      await call(app.app, who.cookie, { method: 'GET', url: '/api/forward-agreements' }),
    )
  ).data.map((a) => [a.id, a.status]);

/** 5 t of grade A maize at 200 a ton, delivered within 30 days, 20 % deposit: the buyer's proposal to `farmer`. */
const terms = (farmer: Session) => ({
  sellerId: farmer.user.id,
  crop: 'maize',
  grade: 'A',
  quantity: 5,
  tolerancePercent: 10,
  pricing: { kind: 'fixed', price: 200 },
  deliveryFrom: today(),
  deliveryTo: inDays(30),
  place: 'Magasin de Bafoussam',
  depositPercent: 20,
});

async function proposal(): Promise<{ buyer: Session; farmer: Session; id: number }> {
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  await createFarm(t.app, farmer);
  expect(await listed(farmer)).toEqual([]);
  const proposed = await ok<TForwardAgreement>(
    await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/forward-agreements',
      payload: terms(farmer),
    }),
    201,
  );
  return { buyer, farmer, id: proposed.id };
}

describe('forward agreements, cached per reader', () => {
  it('show a proposal and its answer in both sides’ next read, and in no one else’s', async () => {
    const { buyer, farmer, id } = await proposal();
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    expect(await listed(stranger)).toEqual([]);
    expect(await listed(farmer)).toEqual([[id, 'proposed']]);
    const declined = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: `/api/forward-agreements/${id}/decision`,
      payload: { decision: 'decline', note: 'Too early' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await listed(buyer)).toEqual([[id, 'declined']]);
    expect(await listed(farmer)).toEqual([[id, 'declined']]);
    expect(await listed(stranger)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('show a proposal made on one instance in the other’s next reads once it hears the event', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await createFarm(t.app, farmer);
    expect(await listed(farmer, b)).toEqual([]);
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const res = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/forward-agreements',
      payload: terms(farmer),
    });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(async () => (await listed(farmer, b)).length, { timeout: 2000, interval: 25 }).toBe(1);
  });
});
