// A driver's job with a place, a time and a price, through the real server: arranged and validated, shown to all on
// the order, told to the driver (in the app and by SMS, in their language), its fee booked once on the payer's
// books, and the driver's earnings by week and month.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDriverEarnings } from '../../contract/delivery-terms';
import type { TNotification } from '../../contract/notifications';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import { insertBooksFarm } from '../farms/books-farm';
import { outboundWorker } from '../notifications/outbound-worker';
import { type FarmSold, soldFromFarm } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { weekStart } from './earnings-periods';

let stand: ProviderStandIn;
let t: TestApp;
beforeAll(async () => {
  stand = await startProviderStandIn();
  // SMS configured, so a driver with a proven number is told by SMS; only the test runs the queue.
  t = await createTestApp({
    ...smsProviderEnv(stand, 'callback-key-0123456789'),
    OUTBOUND_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const send = (session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  call(t.app, session.cookie, { method, url, ...(payload ? { payload } : {}) });

type Sale = FarmSold;

/** A farmer with a farm sells 2 t of maize at 250.00 to a buyer (with a farm of their own when asked). */
async function sale(options: { buyerFarm?: boolean } = {}): Promise<Sale> {
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  if (options.buyerFarm) {
    // A buyer may own a farm (made while they farmed): their share of the costs goes to its books.
    await t.ctx.db.transaction((tx) => insertBooksFarm(tx, t.ctx.bus, buyer.user, 'Maize'));
  }
  return soldFromFarm(t.app, t.ctx, { buyer });
}

const TERMS = {
  from: { name: 'Bafoussam market', latitude: 5.4781, longitude: 10.4176 },
  to: { name: 'Magasin Kofi, Dschang' },
  window: { from: '2026-12-01T07:00:00.000Z', to: '2026-12-01T11:30:00.000Z' },
  fee: { amount: 35.5, paidBy: 'seller' },
};

async function arrange(s: Sale, body: object): Promise<TOrder> {
  return ok<TOrder>(await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, body), 201);
}

async function deliver(s: Sale, driver: Session, deliveryId: number): Promise<TOrder> {
  const code = (await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).handoverCode;
  for (const status of ['accepted', 'picked_up']) {
    await ok(await send(driver, 'PATCH', `/api/deliveries/${deliveryId}`, { status }));
  }
  return ok<TOrder>(
    await send(driver, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'delivered', code }),
  );
}

/** Net per account of a farm's books (debit − credit, cents), fee entries, and entries that do not balance. */
async function books(farmId: number) {
  const rows = rowsOf<{ account: string; net: string }>(
    await t.ctx.db.execute(sql`select l.account, sum(l.debit_cents - l.credit_cents)::text as net
      from journal_lines l join journal_entries e on e.id = l.entry_id where e.farm_id = ${farmId}
      group by l.account`),
  );
  const [counts] = rowsOf<{ fees: number; unbalanced: number }>(
    await t.ctx.db.execute(sql`select
      (select count(*)::int from journal_entries where farm_id = ${farmId} and source_type = 'delivery_fee') as fees,
      (select count(*)::int from (select l.entry_id from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.farm_id = ${farmId} group by l.entry_id having sum(l.debit_cents) <> sum(l.credit_cents)) x)
        as unbalanced`),
  );
  const net = new Map(rows.map((r) => [r.account, Number(r.net)]));
  return {
    net: (a: string) => net.get(a) ?? 0,
    fees: counts?.fees ?? 0,
    unbalanced: counts?.unbalanced ?? 0,
  };
}

describe('arranging a driver with a place, a window and a fee', () => {
  it('stores them and shows them to the seller, the buyer and the driver', async () => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const arranged = await arrange(s, { driverId: d.user.id, ...TERMS });
    const expected = {
      from: { name: 'Bafoussam market', latitude: 5.4781, longitude: 10.4176 },
      to: { name: 'Magasin Kofi, Dschang', latitude: null, longitude: null },
      window: TERMS.window,
      fee: { amount: 35.5, paidBy: 'seller' },
    };
    expect(arranged.delivery).toMatchObject(expected);
    for (const who of [s.buyer, d]) {
      const seen = await ok<TOrder>(await send(who, 'GET', `/api/orders/${s.order.id}`));
      expect(seen.delivery).toMatchObject(expected);
    }
    const [listed] = await ok<TOrder[]>(await send(d, 'GET', '/api/orders?as=driver&delivery=open'));
    expect(listed?.delivery).toMatchObject(expected);
  });

  it('still takes the driver alone (older clients), with no place, window or fee', async () => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const arranged = await arrange(s, { driverId: d.user.id });
    expect(arranged.delivery).toMatchObject({
      status: 'assigned',
      from: null,
      to: null,
      window: null,
      fee: null,
    });
  });

  it.each([
    ['an empty place', { from: { name: '  ' } }, 'from.name'],
    ['a place too long', { to: { name: 'x'.repeat(121) } }, 'to.name'],
    ['a latitude off the globe', { from: { name: 'Foumbot', latitude: 91, longitude: 10 } }, 'from.latitude'],
    ['a pin without longitude', { from: { name: 'Foumbot', latitude: 5.5 } }, 'from.longitude'],
    [
      'a window ending first',
      { window: { from: '2026-12-02T10:00:00Z', to: '2026-12-02T09:00:00Z' } },
      'window.to',
    ],
    [
      'a window of 40 days',
      { window: { from: '2026-12-01T10:00:00Z', to: '2027-01-10T10:00:00Z' } },
      'window.to',
    ],
    ['a window that is no time', { window: { from: 'tomorrow', to: '2026-12-02T09:00:00Z' } }, 'window.from'],
    ['a fee without its payer', { fee: { amount: 20 } }, 'fee.paidBy'],
    ['a fee paid by the driver', { fee: { amount: 20, paidBy: 'driver' } }, 'fee.paidBy'],
    ['a negative fee', { fee: { amount: -5, paidBy: 'buyer' } }, 'fee.amount'],
    ['a fee with too many decimals', { fee: { amount: 1.234, paidBy: 'buyer' } }, 'fee.amount'],
  ])('refuses %s with a 400 naming the field, and arranges nothing', async (_name, terms, path) => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const res = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, {
      driverId: d.user.id,
      ...terms,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; message: string; issues: { path: string; message: string }[] }>();
    expect(body.code).toBe('badRequest');
    expect(body.issues.map((i) => i.path)).toContain(path);
    expect(body.issues.every((i) => !/^Invalid input/.test(i.message))).toBe(true);
    const order = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(order.delivery).toBeNull();
  });
});

describe('the driver is told of a job given to them', () => {
  it('in the app and by SMS, in their language, with the places and the fee; the buyer gets the order step', async () => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    await ok(await send(d, 'PATCH', '/api/user/language', { language: 'fr' }));
    await t.ctx.db.execute(
      sql`update users set verified_phone = '+237670009911', phone_verified_via = 'sms' where id = ${d.user.id}`,
    );
    await arrange(s, { driverId: d.user.id, ...TERMS });
    const [told, ...more] = await ok<TNotification[]>(await send(d, 'GET', '/api/notifications'));
    expect(more).toEqual([]);
    expect(told).toMatchObject({ type: 'delivery_assigned', link: '/deliveries' });
    expect(told?.text).toContain('Nouvelle livraison');
    expect(told?.text).toContain('de Bafoussam market à Magasin Kofi, Dschang');
    expect(told?.text).toMatch(/35,50/);
    stand.sms.length = 0;
    await outboundWorker.of(t.ctx).runOnce();
    const sms = stand.sms.find((m) => m.form.to === '+237670009911');
    expect(sms?.form.message).toContain('Nouvelle livraison');
    const buyerSide = await ok<TNotification[]>(await send(s.buyer, 'GET', '/api/notifications'));
    expect(buyerSide.map((n) => n.type)).toContain('order_update');
  });

  it('names the parties when no place was given, and leaves the fee out when there is none', async () => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    await arrange(s, { driverId: d.user.id });
    const [told] = await ok<TNotification[]>(await send(d, 'GET', '/api/notifications'));
    expect(told?.text).toContain(`from ${s.farmer.user.username} to ${s.buyer.user.username}`);
    expect(told?.text).not.toContain('fee');
  });
});

describe('the fee in the books', () => {
  it('is a transport expense of the paying seller, booked once at delivery, and the books balance', async () => {
    const s = await sale();
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const arranged = await arrange(s, { driverId: d.user.id, ...TERMS });
    expect((await books(s.farmId)).fees).toBe(0);
    const done = await deliver(s, d, arranged.delivery?.id ?? 0);
    expect(done.status).toBe('delivered');
    // Paying the order completes it: nothing more is booked for the fee.
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 500, method: 'cash' }),
      201,
    );
    const ledger = await books(s.farmId);
    expect(ledger.fees).toBe(1);
    expect(ledger.net('expense:transport')).toBe(3550);
    expect(ledger.net('cash')).toBe(50_000 - 3550);
    expect(ledger.unbalanced).toBe(0);
    // A delivered job cannot be delivered again: still one entry.
    const again = await send(d, 'PATCH', `/api/deliveries/${arranged.delivery?.id}`, {
      status: 'delivered',
      code: '000000',
    });
    expect(again.statusCode).toBe(409);
    expect((await books(s.farmId)).fees).toBe(1);
  });

  it("goes to the paying buyer's farm, not the seller's; a payer without a farm has nothing booked", async () => {
    const withFarm = await sale({ buyerFarm: true });
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const arranged = await arrange(withFarm, { driverId: d.user.id, fee: { amount: '20', paidBy: 'buyer' } });
    await deliver(withFarm, d, arranged.delivery?.id ?? 0);
    const [buyerFarm] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`select id from farms where owner_id = ${withFarm.buyer.user.id}`),
    );
    const buyerBooks = await books(buyerFarm?.id ?? 0);
    expect(buyerBooks.net('expense:transport')).toBe(2000);
    expect(buyerBooks.fees).toBe(1);
    expect(buyerBooks.unbalanced).toBe(0);
    expect((await books(withFarm.farmId)).fees).toBe(0);

    const farmless = await sale();
    const other = await arrange(farmless, { driverId: d.user.id, fee: { amount: 15, paidBy: 'buyer' } });
    await deliver(farmless, d, other.delivery?.id ?? 0);
    expect((await books(farmless.farmId)).fees).toBe(0);
  });
});

describe("the driver's earnings", () => {
  it('sum the fees of delivered jobs by week and by month; other roles are refused', async () => {
    const d = await userWithRole(t.app, t.ctx, 'delivery');
    const empty = await ok<TDriverEarnings>(await send(d, 'GET', '/api/deliveries/earnings'));
    expect(empty).toMatchObject({ total: 0, jobs: 0 });
    expect(empty.weeks).toHaveLength(12);
    expect(empty.months).toHaveLength(12);
    expect(empty.weeks[0]?.period).toBe(weekStart(new Date()).toISOString().slice(0, 10));

    const jobs = [];
    for (const fee of [{ amount: 35.5, paidBy: 'seller' }, { amount: 20, paidBy: 'buyer' }, undefined]) {
      const s = await sale();
      const arranged = await arrange(s, { driverId: d.user.id, ...(fee ? { fee } : {}) });
      await deliver(s, d, arranged.delivery?.id ?? 0);
      jobs.push(arranged.delivery?.id ?? 0);
    }
    // A job still open does not count.
    const open = await sale();
    await arrange(open, { driverId: d.user.id, fee: { amount: 99, paidBy: 'seller' } });
    // The second job was delivered five weeks ago, in an earlier week (and perhaps month).
    const earlier = new Date(Date.now() - 35 * 86_400_000);
    await t.ctx.db.execute(
      sql`update deliveries set delivered_at = ${earlier.toISOString()} where id = ${jobs[1]}`,
    );

    const earnings = await ok<TDriverEarnings>(await send(d, 'GET', '/api/deliveries/earnings'));
    expect(earnings).toMatchObject({ total: 55.5, jobs: 2 });
    expect(earnings.weeks[0]).toMatchObject({ amount: 35.5, jobs: 1 });
    expect(earnings.weeks[5]).toMatchObject({
      period: weekStart(earlier).toISOString().slice(0, 10),
      amount: 20,
      jobs: 1,
    });
    const months = new Map(earnings.months.map((m) => [m.period, m]));
    const now = new Date().toISOString().slice(0, 7);
    const before = earlier.toISOString().slice(0, 7);
    if (now === before) {
      expect(months.get(now)).toMatchObject({ amount: 55.5, jobs: 2 });
    } else {
      expect(months.get(now)).toMatchObject({ amount: 35.5, jobs: 1 });
      expect(months.get(before)).toMatchObject({ amount: 20, jobs: 1 });
    }
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await send(farmer, 'GET', '/api/deliveries/earnings')).statusCode).toBe(403);
  });
});
