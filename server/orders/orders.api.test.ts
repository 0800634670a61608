// Orders through the real server: from the accepted bid to goods handed over with the buyer's code, paid and booked;
// cancellation, disputes and refunds; who may see and do what.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidDetail, TCommodity } from '../../contract/marketplace';
import { MAX_CODE_ATTEMPTS, type TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import { translate } from '../http/i18n';
import { moneyText } from '../http/money-text';
import { type FarmSold, soldFromFarm, soldOrder, TWO_TONS } from '../test/completed-order';
import { createFarm, userWithRole } from '../test/factories';
import {
  call,
  createTestApp,
  eventsDuring,
  noticesDuring,
  ok,
  type Session,
  type TestApp,
} from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function send(
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return call(t.app, session?.cookie ?? null, { method, url, ...(payload ? { payload } : {}) });
}

/** Money per account on a farm's books (debit − credit, cents), and whether every entry balances. */
async function books(farmId: number) {
  const rows = rowsOf<{ account: string; net: string }>(
    await t.ctx.db.execute(sql`
      select l.account, sum(l.debit_cents - l.credit_cents)::text as net
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.farm_id = ${farmId} group by l.account`),
  );
  const [check] = rowsOf<{ unbalanced: number }>(
    await t.ctx.db.execute(sql`
      select count(*)::int as unbalanced from (
        select l.entry_id from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.farm_id = ${farmId} group by l.entry_id having sum(l.debit_cents) <> sum(l.credit_cents)) x`),
  );
  const net = new Map(rows.map((r) => [r.account, Number(r.net)]));
  return { net: (account: string) => net.get(account) ?? 0, unbalanced: Number(check?.unbalanced ?? 0) };
}

type Sale = FarmSold;

/** A farmer with a farm lists 10 t of maize at 200.00/t; a buyer bids for 2 t at 250.00; the farmer accepts. */
const sale = (farmer?: Session) => soldFromFarm(t.app, t.ctx, { farmer });

async function driver(): Promise<Session> {
  return userWithRole(t.app, t.ctx, 'delivery');
}

async function assign(s: Sale, d: Session): Promise<TOrder> {
  return ok<TOrder>(
    await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, { driverId: d.user.id }),
    201,
  );
}

async function move(who: Session, deliveryId: number, body: object, status = 200) {
  return ok<TOrder>(await send(who, 'PATCH', `/api/deliveries/${deliveryId}`, body), status);
}

async function buyerCode(s: Sale): Promise<string> {
  const order = await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`));
  if (!order.handoverCode) {
    throw new Error('the buyer sees no code');
  }
  return order.handoverCode;
}

describe('the order of an accepted bid', () => {
  it('is made with the trade, shown to both parties, hidden from others, and books a receivable', async () => {
    const s = await sale();
    expect(s.order).toMatchObject({
      commodity: { id: s.listing.id, name: 'Maize', grade: 'A' },
      // Tons, as the listing (10 t) and the bid (2 t) say: never kilograms under the same name.
      quantity: 2,
      price: 250,
      total: 500,
      buyer: { id: s.buyer.user.id },
      seller: { id: s.farmer.user.id },
      status: 'awaiting_delivery',
      delivery: null,
      payment: { total: 500, paid: 0, refunded: 0, due: 500 },
      timeline: [{ status: 'awaiting_delivery', by: { id: s.farmer.user.id } }],
    });
    expect(s.order.handoverCode).toMatch(/^\d{6}$/);
    const seen = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(seen.handoverCode).toBeNull();
    expect(seen.can).toMatchObject({
      cancel: true,
      arrangeDelivery: true,
      recordPayment: true,
      dispute: false,
    });
    const sellers = await ok<TOrder[]>(await send(s.farmer, 'GET', '/api/orders?as=seller'));
    expect(sellers.map((o) => o.id)).toContain(s.order.id);
    const stranger = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await send(stranger, 'GET', `/api/orders/${s.order.id}`)).statusCode).toBe(404);
    expect(await ok<TOrder[]>(await send(stranger, 'GET', '/api/orders'))).toEqual([]);
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(50_000);
    expect(ledger.net('cash')).toBe(0);
    expect(ledger.net('income:produce_sales')).toBe(-50_000);
    expect(ledger.unbalanced).toBe(0);
  });

  it('gives a farmer without a farm one for their books, named after them, with the sale in it', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const s = await soldOrder(t.app, t.ctx, { farmer, trade: TWO_TONS });
    const farms = await ok<{ id: number; name: string }[]>(await send(farmer, 'GET', '/api/farms'));
    expect(farms).toHaveLength(1);
    expect(farms[0]?.name).toBe(farmer.user.username);
    const ledger = await books(farms[0]?.id ?? 0);
    expect(ledger.net('receivables')).toBe(50_000);
    expect(s.order.payment.due).toBe(500);
  });

  it('lists newest first, a page at a time, filtered by status; managers see every order', async () => {
    const s = await sale();
    const second = await sale(s.farmer);
    const page = await send(s.farmer, 'GET', '/api/orders?as=seller&limit=1');
    expect(page.json<TOrder[]>().map((o) => o.id)).toEqual([second.order.id]);
    const cursor = page.headers['x-next-cursor'];
    expect(cursor).toBe(String(second.order.id));
    const next = await ok<TOrder[]>(
      await send(s.farmer, 'GET', `/api/orders?as=seller&limit=1&cursor=${cursor}`),
    );
    expect(next.map((o) => o.id)).toEqual([s.order.id]);
    expect(await ok<TOrder[]>(await send(s.farmer, 'GET', '/api/orders?status=completed'))).toEqual([]);
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const all = await ok<TOrder[]>(await send(manager, 'GET', '/api/orders?limit=100'));
    expect(all.map((o) => o.id)).toEqual(expect.arrayContaining([s.order.id, second.order.id]));
    expect((await send(s.farmer, 'GET', '/api/orders?status=lost')).statusCode).toBe(400);
  });
});

describe('delivery with proof', () => {
  it('goes from assigned to delivered with the buyer code; the driver sees both contacts while it is open', async () => {
    const s = await sale();
    const d = await driver();
    const assigned = await assign(s, d);
    const deliveryId = assigned.delivery?.id ?? 0;
    expect(assigned.delivery).toMatchObject({
      mode: 'driver',
      status: 'assigned',
      driver: { id: d.user.id },
    });
    expect(assigned.delivery?.pickup).toBeNull();
    // Whatever the seller's privacy setting, the driver gets the number to call, as one dials it.
    await t.ctx.db.execute(
      sql`update users set phone_number = '670 000 001', country_code = '+237' where id = ${s.farmer.user.id}`,
    );
    const asDriver = await ok<TOrder>(await send(d, 'GET', `/api/orders/${s.order.id}`));
    expect(asDriver.delivery?.pickup?.id).toBe(s.farmer.user.id);
    expect(asDriver.delivery?.pickup?.phoneNumber).toBe('+237 670 000 001');
    expect(asDriver.delivery?.dropoff?.id).toBe(s.buyer.user.id);
    expect(asDriver.handoverCode).toBeNull();
    const mine = await ok<TOrder[]>(await send(d, 'GET', '/api/orders?as=driver'));
    expect(mine.map((o) => o.id)).toEqual([s.order.id]);
    const listed = async (delivery: 'open' | 'done') =>
      (await ok<TOrder[]>(await send(d, 'GET', `/api/orders?as=driver&delivery=${delivery}`))).map(
        (o) => o.id,
      );
    expect(await listed('open')).toEqual([s.order.id]);
    expect(await listed('done')).toEqual([]);

    await move(d, deliveryId, { status: 'accepted' });
    const tooFine = await send(d, 'PATCH', `/api/deliveries/${deliveryId}`, {
      status: 'picked_up',
      weighedQuantity: '1,9905',
    });
    expect(tooFine.statusCode).toBe(400);
    const picked = await move(d, deliveryId, { status: 'picked_up', weighedQuantity: '1,99' });
    expect(picked.status).toBe('in_transit');
    expect(picked.delivery?.weighedQuantity).toBe(1.99);
    const [weighed] = rowsOf<{ kg: number }>(
      await t.ctx.db.execute(sql`select weighed_quantity_kg as kg from deliveries where id = ${deliveryId}`),
    );
    expect(weighed?.kg).toBe(1990);
    await move(d, deliveryId, { status: 'in_transit' });
    const done = await move(d, deliveryId, { status: 'delivered', code: await buyerCode(s) });
    expect(done.status).toBe('delivered');
    expect(done.delivery?.status).toBe('delivered');
    // The code is spent: the buyer's order no longer shows it.
    expect(
      (await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).handoverCode,
    ).toBeNull();
    expect(done.delivery?.pickup).toBeNull();
    expect(await listed('open')).toEqual([]);
    expect(await listed('done')).toEqual([s.order.id]);
    expect(done.timeline.map((e) => e.status)).toEqual([
      'awaiting_delivery',
      'delivery_assigned',
      'delivery_accepted',
      'picked_up',
      // 1.99 t weighed of 2 t: within the tolerance, the bill follows the scale (see weighing.api.test.ts).
      'weight_adjusted',
      'in_transit',
      'delivered',
    ]);
    expect(done.payment.total).toBe(497.5);
  });

  it('refuses a wrong code (422) changing nothing but the count, locks after five, and a new code unlocks', async () => {
    const s = await sale();
    const d = await driver();
    const deliveryId = (await assign(s, d)).delivery?.id ?? 0;
    await move(d, deliveryId, { status: 'accepted' });
    await move(d, deliveryId, { status: 'picked_up' });
    const code = await buyerCode(s);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i += 1) {
      const res = await send(d, 'PATCH', `/api/deliveries/${deliveryId}`, {
        status: 'delivered',
        code: wrong,
      });
      expect(res.statusCode, res.body).toBe(422);
      const after = await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`));
      expect(after.status).toBe('in_transit');
      expect(after.delivery?.codeAttemptsLeft).toBe(MAX_CODE_ATTEMPTS - i);
      expect(after.timeline.at(-1)?.status).toBe('picked_up');
    }
    const locked = await send(d, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'delivered', code });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(translate('en', 'orders.errors.codeLocked'));
    expect((await send(d, 'POST', `/api/orders/${s.order.id}/code`)).statusCode).toBe(403);
    const renewed = await ok<TOrder>(await send(s.buyer, 'POST', `/api/orders/${s.order.id}/code`));
    expect(renewed.delivery?.codeAttemptsLeft).toBe(MAX_CODE_ATTEMPTS);
    await move(d, deliveryId, { status: 'delivered', code: renewed.handoverCode ?? '' });
  });

  it('lets only the assigned driver (or a manager) move it: anyone else gets 404; steps go in order', async () => {
    const s = await sale();
    const d = await driver();
    const other = await driver();
    const deliveryId = (await assign(s, d)).delivery?.id ?? 0;
    for (const who of [other, s.buyer, s.farmer]) {
      expect(
        (await send(who, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'accepted' })).statusCode,
      ).toBe(404);
    }
    const skip = await send(d, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'picked_up' });
    expect(skip.statusCode).toBe(409);
    const failed = await send(d, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'failed' });
    expect(failed.statusCode).toBe(400);
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    await move(manager, deliveryId, { status: 'accepted' });
  });

  it('gives a declined delivery to another driver, and refuses a second delivery while one is open', async () => {
    const s = await sale();
    const first = await driver();
    const second = await driver();
    const deliveryId = (await assign(s, first)).delivery?.id ?? 0;
    const again = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, {
      driverId: second.user.id,
    });
    expect(again.statusCode).toBe(409);
    await move(first, deliveryId, { status: 'declined', note: 'truck broken' });
    const reassigned = await assign(s, second);
    expect(reassigned.delivery?.driver?.id).toBe(second.user.id);
    expect((await send(first, 'GET', `/api/orders/${s.order.id}`)).statusCode).toBe(404);
    const notDriver = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, {
      driverId: s.buyer.user.id,
    });
    expect(notDriver.statusCode).toBe(409);
    const buyerArranges = await send(s.buyer, 'POST', `/api/orders/${s.order.id}/delivery`, {
      mode: 'pickup',
    });
    expect(buyerArranges.statusCode).toBe(403);
  });

  it('refuses a driver who is not a delivery user (400)', async () => {
    const s = await sale();
    const res = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, {
      driverId: s.buyer.user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(translate('en', 'orders.errors.notADriver'));
    expect((await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, {})).statusCode).toBe(400);
  });

  it('hands over a pick-up order when the seller enters the buyer code', async () => {
    const s = await sale();
    const arranged = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, { mode: 'pickup' }),
      201,
    );
    expect(arranged.delivery).toMatchObject({ mode: 'pickup', driver: null, status: 'accepted' });
    expect(arranged.can.handOver).toBe(true);
    const id = arranged.delivery?.id ?? 0;
    expect(
      (await send(s.buyer, 'PATCH', `/api/deliveries/${id}`, { status: 'delivered', code: '123456' }))
        .statusCode,
    ).toBe(404);
    const done = await move(s.farmer, id, { status: 'delivered', code: await buyerCode(s) });
    expect(done.status).toBe('delivered');
  });
});

describe('payments', () => {
  it('moves the receivable to the money account, refuses more than is due, completes once delivered and paid', async () => {
    const s = await sale();
    const over = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, {
      amount: 500.01,
      method: 'cash',
    });
    expect(over.statusCode).toBe(409);
    expect(
      (await send(s.buyer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 1, method: 'cash' }))
        .statusCode,
    ).toBe(403);
    const part = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, {
        amount: '200,50',
        method: 'mobile_money',
        reference: 'MM-4411',
      }),
      201,
    );
    expect(part.payment).toEqual({ total: 500, paid: 200.5, refunded: 0, due: 299.5 });
    expect(part.status).toBe('awaiting_delivery');
    const ledger = await books(s.farmId);
    expect(ledger.net('mobile_money')).toBe(20_050);
    expect(ledger.net('receivables')).toBe(29_950);
    const d = await driver();
    const id = (await assign(s, d)).delivery?.id ?? 0;
    await move(d, id, { status: 'accepted' });
    await move(d, id, { status: 'picked_up' });
    expect((await move(d, id, { status: 'delivered', code: await buyerCode(s) })).status).toBe('delivered');
    const paid = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 299.5, method: 'cash' }),
      201,
    );
    expect(paid.status).toBe('completed');
    expect(paid.payment.due).toBe(0);
    // In the order things happened: the payment that settled it, then its completion.
    expect(paid.timeline.slice(-3).map((e) => e.status)).toEqual(['delivered', 'payment', 'completed']);
    expect(paid.payments.map((p) => [p.amount, p.method])).toEqual([
      [200.5, 'mobile_money'],
      [299.5, 'cash'],
    ]);
    const buyerView = await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`));
    expect(buyerView.status).toBe('completed');
    const after = await books(s.farmId);
    expect(after.net('receivables')).toBe(0);
    expect(after.net('cash') + after.net('mobile_money')).toBe(50_000);
    expect(after.unbalanced).toBe(0);
    expect(
      (await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 1, method: 'cash' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('cancellation', () => {
  it('before pick-up puts the quantity back and reverses the sale and its payments', async () => {
    const s = await sale();
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 100, method: 'cash' }),
      201,
    );
    expect(
      (await send(s.buyer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'changed my mind' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: ' ' })).statusCode,
    ).toBe(400);
    const events = await eventsDuring(t, async () => {
      const cancelled = await ok<TOrder>(
        await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'buyer never came' }),
      );
      expect(cancelled.status).toBe('cancelled');
      // The cancellation, then the refund of the payment it handed back.
      expect(cancelled.timeline.slice(-2)).toMatchObject([
        { status: 'cancelled', note: 'buyer never came' },
        { status: 'refunded', amount: 100 },
      ]);
    });
    expect(events).toContainEqual({ type: 'order', id: s.order.id });
    const listing = await ok<TCommodity>(await send(s.farmer, 'GET', `/api/commodities/${s.listing.id}`));
    expect(listing.quantity).toBe(10);
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(0);
    expect(ledger.net('cash')).toBe(0);
    expect(ledger.net('income:produce_sales')).toBe(0);
    expect(ledger.unbalanced).toBe(0);
    expect(
      (await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'again' })).statusCode,
    ).toBe(409);
  });

  it('of a paid order records the refund of each payment, by its method, and shows it to both sides', async () => {
    const s = await sale();
    for (const [amount, method] of [
      [100, 'cash'],
      [50, 'mobile_money'],
    ] as const) {
      await ok(await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount, method }), 201);
    }
    const cancelled = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'no truck' }),
    );
    // Everything paid went back, nothing is owed on a cancelled order.
    expect(cancelled.payment).toEqual({ total: 500, paid: 0, refunded: 150, due: 0 });
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({ amount: 100, method: 'cash', status: 'completed', reason: 'cancellation' }),
      expect.objectContaining({
        amount: 50,
        method: 'mobile_money',
        status: 'completed',
        reason: 'cancellation',
      }),
    ]);
    expect(cancelled.refunds.every((r) => r.refundedAt !== null)).toBe(true);
    expect(cancelled.timeline.slice(-3).map((e) => [e.status, e.amount])).toEqual([
      ['cancelled', null],
      ['refunded', 100],
      ['refunded', 50],
    ]);
    const buyerView = await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`));
    expect(buyerView.payment).toEqual(cancelled.payment);
    expect(buyerView.refunds).toEqual(cancelled.refunds);
    // The books: the sale and both payments undone, each money account back where it was.
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(0);
    expect(ledger.net('cash')).toBe(0);
    expect(ledger.net('mobile_money')).toBe(0);
    expect(ledger.net('income:produce_sales')).toBe(0);
    expect(ledger.unbalanced).toBe(0);
    // The buyer is told what came back.
    const inbox = await ok<{ type: string; text: string; data: { orderId?: number } }[]>(
      await send(s.buyer, 'GET', '/api/notifications'),
    );
    const told = inbox.find((n) => n.type === 'order_refund' && n.data.orderId === s.order.id);
    expect(told?.text).toBe(
      translate('en', 'notifications.types.order_refund', {
        orderId: s.order.id,
        commodity: 'Maize',
        amount: moneyText('en', 150),
      }),
    );
  });

  it('of an unpaid order refunds nothing and leaves nothing due', async () => {
    const s = await sale();
    const cancelled = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'no truck' }),
    );
    expect(cancelled.payment).toEqual({ total: 500, paid: 0, refunded: 0, due: 0 });
    expect(cancelled.refunds).toEqual([]);
    expect(cancelled.timeline.at(-1)?.status).toBe('cancelled');
  });

  it('is refused once the goods are picked up', async () => {
    const s = await sale();
    const d = await driver();
    const id = (await assign(s, d)).delivery?.id ?? 0;
    await move(d, id, { status: 'accepted' });
    await move(d, id, { status: 'picked_up' });
    const res = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'too late' });
    expect(res.statusCode).toBe(409);
    expect((await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).status).toBe(
      'in_transit',
    );
  });
});

async function delivered(s: Sale): Promise<TOrder> {
  const d = await driver();
  const id = (await assign(s, d)).delivery?.id ?? 0;
  await move(d, id, { status: 'accepted' });
  await move(d, id, { status: 'picked_up' });
  return move(d, id, { status: 'delivered', code: await buyerCode(s) });
}

describe('disputes', () => {
  it('the buyer opens one after delivery; a manager grants a partial refund booked on the seller farm', async () => {
    const s = await sale();
    expect(
      (await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, { reason: 'quality', note: 'wet' }))
        .statusCode,
    ).toBe(409);
    await delivered(s);
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 500, method: 'cash' }),
      201,
    );
    expect(
      (await send(s.farmer, 'POST', `/api/orders/${s.order.id}/dispute`, { reason: 'quality', note: 'x' }))
        .statusCode,
    ).toBe(403);
    const disputed = await ok<TOrder>(
      await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, {
        reason: 'quantity',
        note: '150 kg short',
      }),
      201,
    );
    expect(disputed.status).toBe('disputed');
    expect(disputed.dispute).toMatchObject({ reason: 'quantity', note: '150 kg short', resolution: null });
    const resolution = { resolution: 'partial_refund', amount: 37.5, note: 'short weight confirmed' };
    expect((await send(s.farmer, 'PATCH', `/api/orders/${s.order.id}/dispute`, resolution)).statusCode).toBe(
      403,
    );
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const tooMuch = await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, {
      ...resolution,
      amount: 600,
    });
    expect(tooMuch.statusCode).toBe(409);
    const resolved = await ok<TOrder>(
      await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, resolution),
    );
    expect(resolved.status).toBe('completed');
    expect(resolved.payment).toEqual({ total: 500, paid: 462.5, refunded: 37.5, due: 0 });
    expect(resolved.dispute).toMatchObject({ resolution: 'partial_refund', refund: 37.5 });
    // The money handed back is a refund, by the means the buyer paid.
    expect(resolved.refunds).toEqual([
      expect.objectContaining({ amount: 37.5, method: 'cash', status: 'completed', reason: 'dispute' }),
    ]);
    const sellerView = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(sellerView.payment.refunded).toBe(37.5);
    const ledger = await books(s.farmId);
    expect(ledger.net('cash')).toBe(46_250);
    expect(ledger.net('income:produce_sales')).toBe(-46_250);
    expect(ledger.net('receivables')).toBe(0);
    expect(ledger.unbalanced).toBe(0);
  });

  it('a full refund of an unpaid order forgives what was owed', async () => {
    const s = await sale();
    await delivered(s);
    await ok(
      await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, {
        reason: 'not_delivered',
        note: 'nothing came',
      }),
      201,
    );
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const resolved = await ok<TOrder>(
      await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, {
        resolution: 'refund',
        note: 'driver lost it',
      }),
    );
    expect(resolved.payment).toEqual({ total: 500, paid: 0, refunded: 500, due: 0 });
    // Nothing was paid, so nothing is handed back: the debt is forgiven.
    expect(resolved.refunds).toEqual([]);
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(0);
    expect(ledger.net('income:produce_sales')).toBe(0);
  });

  it('is closed seven days after delivery', async () => {
    const s = await sale();
    await delivered(s);
    await t.ctx.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${s.order.id}`,
    );
    const res = await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, {
      reason: 'quality',
      note: 'late',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(translate('en', 'orders.errors.disputeWindowClosed'));
  });
});

describe('agents and commission', () => {
  it('an agent linked to a farmer lists for them, accepts a bid, and earns commission when the order completes', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listingBody = { name: 'Cocoa', quantity: 5, price: 1000, grade: 'B', onBehalfOf: farmer.user.id };
    expect((await send(agent, 'POST', '/api/commodities', listingBody)).statusCode).toBe(403);
    const link = await ok<{ id: number; status: string }>(
      await send(agent, 'POST', '/api/agent-links', { farmerId: farmer.user.id }),
      201,
    );
    expect(link.status).toBe('pending');
    expect((await send(agent, 'POST', '/api/agent-links', { farmerId: farmer.user.id })).statusCode).toBe(
      409,
    );
    expect((await send(agent, 'PATCH', `/api/agent-links/${link.id}`, { status: 'active' })).statusCode).toBe(
      403,
    );
    expect((await send(buyer, 'PATCH', `/api/agent-links/${link.id}`, { status: 'active' })).statusCode).toBe(
      404,
    );
    await ok(await send(farmer, 'PATCH', `/api/agent-links/${link.id}`, { status: 'active' }));
    expect(
      (await send(agent, 'POST', '/api/commodities', { ...listingBody, onBehalfOf: undefined })).statusCode,
    ).toBe(400);
    const listing = await ok<TCommodity>(await send(agent, 'POST', '/api/commodities', listingBody), 201);
    expect(listing).toMatchObject({
      userId: farmer.user.id,
      sellerUsername: farmer.user.username,
      listedBy: agent.user.username,
    });
    let bid = { id: 0 };
    const notices = await noticesDuring(t, async () => {
      bid = await ok<{ id: number }>(
        await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price: 1000, quantity: 5 }),
        201,
      );
    });
    // The agent hears of bids on the listings they manage, as the farmer does.
    const heard = notices.find((n) => n.event.type === 'bid' && n.event.id === bid.id);
    expect(heard?.to).toEqual(expect.arrayContaining([buyer.user.id, farmer.user.id, agent.user.id]));
    const received = await ok<TBidDetail[]>(await send(agent, 'GET', '/api/bids'));
    expect(received.map((b) => b.id)).toContain(bid.id);
    await ok(await send(agent, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
    const [order] = await ok<TOrder[]>(await send(agent, 'GET', '/api/orders?as=agent'));
    expect(order).toMatchObject({
      seller: { id: farmer.user.id },
      agent: { id: agent.user.id },
      total: 5000,
    });
    const s: Sale = { farmer, buyer, farmId: farm.id, listing, order: order as TOrder };
    const d = await driver();
    const assigned = await ok<TOrder>(
      await send(agent, 'POST', `/api/orders/${s.order.id}/delivery`, { driverId: d.user.id }),
      201,
    );
    const id = assigned.delivery?.id ?? 0;
    await move(d, id, { status: 'accepted' });
    await move(d, id, { status: 'picked_up' });
    await move(d, id, { status: 'delivered', code: await buyerCode(s) });
    expect(
      (await send(agent, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 5000, method: 'bank' }))
        .statusCode,
    ).toBe(403);
    const done = await ok<TOrder>(
      await send(farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 5000, method: 'bank' }),
      201,
    );
    expect(done.status).toBe('completed');
    const commissions = await ok<{
      items: { orderId: number; amount: number }[];
      totalThisMonth: number;
      totalAllTime: number;
    }>(await send(agent, 'GET', '/api/commissions'));
    expect(commissions.items).toEqual([expect.objectContaining({ orderId: s.order.id, amount: 100 })]);
    expect(commissions.totalThisMonth).toBe(100);
    expect(commissions.totalAllTime).toBe(100);
    const ledger = await books(farm.id);
    expect(ledger.net('expense:commission')).toBe(10_000);
    // Paid from the account the buyer paid into.
    expect(ledger.net('bank')).toBe(490_000);
    expect(ledger.net('cash')).toBe(0);
    expect(ledger.unbalanced).toBe(0);
    expect((await send(farmer, 'GET', '/api/commissions')).statusCode).toBe(403);
    // The statement of a period: per farmer and in total, only that period's, of one farmer when asked.
    const today = new Date().toISOString().slice(0, 10);
    const statement = await ok<{
      farmers: { farmer: { id: number }; orders: number; sales: number; commission: number }[];
      total: { orders: number; sales: number; commission: number };
      items: { orderId: number; sale: number; amount: number }[];
    }>(await send(agent, 'GET', `/api/commissions/statement?from=2020-01-01&to=${today}`));
    expect(statement.farmers).toEqual([
      {
        farmer: { id: farmer.user.id, username: farmer.user.username },
        orders: 1,
        sales: 5000,
        commission: 100,
      },
    ]);
    // The sales the commission was taken from, read from the orders module (agents do not read its tables).
    expect(statement.total).toEqual({ orders: 1, sales: 5000, commission: 100 });
    expect(statement.items.map((i) => [i.orderId, i.sale, i.amount])).toEqual([[s.order.id, 5000, 100]]);
    const before = await ok<{ total: { orders: number } }>(
      await send(agent, 'GET', '/api/commissions/statement?from=2020-01-01&to=2020-12-31'),
    );
    expect(before.total.orders).toBe(0);
    const otherFarmer = await ok<{ total: { orders: number } }>(
      await send(
        agent,
        'GET',
        `/api/commissions/statement?from=2020-01-01&to=${today}&farmerId=${buyer.user.id}`,
      ),
    );
    expect(otherFarmer.total.orders).toBe(0);
    const backwards = await send(agent, 'GET', '/api/commissions/statement?from=2021-01-02&to=2021-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues?.[0]?.message).toBe(translate('en', 'agents.validation.period'));
    expect(
      (await send(farmer, 'GET', `/api/commissions/statement?from=2020-01-01&to=${today}`)).statusCode,
    ).toBe(403);
    await send(agent, 'PATCH', '/api/user/language', { language: 'fr' });
    const csv = await send(agent, 'GET', `/api/commissions/statement.csv?from=2020-01-01&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFDu;Au;Devise',
      `2020-01-01;${today};USD`,
      '',
      'Agriculteur;Commandes;Ventes;Commission perçue',
      `${farmer.user.username};1;5000;100`,
      'Total;1;5000;100',
      '',
      'Date;Commande;Agriculteur;Vente;Commission perçue',
      `${today};${s.order.id};${farmer.user.username};5000;100`,
      '',
    ]);
    // Ending the link stops the agent acting for the farmer.
    expect((await send(farmer, 'DELETE', `/api/agent-links/${link.id}`)).statusCode).toBe(204);
    expect((await send(agent, 'POST', '/api/commodities', listingBody)).statusCode).toBe(403);
  });
});

describe('operations', () => {
  it('counts orders by status, stale deliveries, open disputes and value traded, for managers only', async () => {
    const s = await sale();
    const d = await driver();
    await assign(s, d);
    await t.ctx.db.execute(
      sql`update deliveries set updated_at = now() - interval '4 days' where order_id = ${s.order.id}`,
    );
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const summary = await ok<{
      ordersByStatus: Record<string, number>;
      staleDeliveries: { orderId: number }[];
      openDisputes: number;
      traded7d: number;
      traded30d: number;
    }>(await send(manager, 'GET', '/api/operations/summary'));
    expect(summary.ordersByStatus.awaiting_delivery).toBeGreaterThanOrEqual(1);
    expect(summary.staleDeliveries.map((x) => x.orderId)).toContain(s.order.id);
    expect(summary.traded7d).toBeGreaterThanOrEqual(500);
    expect(summary.traded30d).toBeGreaterThanOrEqual(summary.traded7d);
    expect((await send(s.farmer, 'GET', '/api/operations/summary')).statusCode).toBe(403);
  });
});
