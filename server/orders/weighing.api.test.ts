// The bill follows the scale, through the real server: a weighing within the tolerance billed at once and booked once,
// one beyond it accepted by the buyer's code at hand-over or disputed with the weights filled in, both sides told.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import { soldFromFarm } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, noticesDuring, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function send(session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return call(t.app, session.cookie, { method, url, ...(payload ? { payload } : {}) });
}

interface Sale {
  farmer: Session;
  buyer: Session;
  driver: Session;
  farmId: number;
  order: TOrder;
  deliveryId: number;
}

/** 2 t of maize sold at 250.00/t (a 500.00 bill), a driver assigned who has accepted the delivery. */
async function sale(): Promise<Sale> {
  const { farmer, buyer, farmId, order } = await soldFromFarm(t.app, t.ctx);
  const driver = await userWithRole(t.app, t.ctx, 'delivery');
  const arranged = await ok<TOrder>(
    await send(farmer, 'POST', `/api/orders/${order.id}/delivery`, { driverId: driver.user.id }),
    201,
  );
  const deliveryId = arranged.delivery?.id ?? 0;
  await move({ farmer, buyer, driver, farmId, order, deliveryId }, { status: 'accepted' });
  return { farmer, buyer, driver, farmId, order, deliveryId };
}

function move(s: Sale, body: object, status = 200) {
  return send(s.driver, 'PATCH', `/api/deliveries/${s.deliveryId}`, body).then((res) =>
    ok<TOrder>(res, status),
  );
}

async function code(s: Sale): Promise<string> {
  return (await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).handoverCode ?? '';
}

/** The farm's books: net (debit − credit, cents) per account, unbalanced entries, and weighing entries. */
async function books(farmId: number) {
  const rows = rowsOf<{ account: string; net: string }>(
    await t.ctx.db.execute(sql`
      select l.account, sum(l.debit_cents - l.credit_cents)::text as net
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.farm_id = ${farmId} group by l.account`),
  );
  const [check] = rowsOf<{ unbalanced: number; weighings: number }>(
    await t.ctx.db.execute(sql`
      select
        (select count(*)::int from (
          select l.entry_id from journal_lines l join journal_entries e on e.id = l.entry_id
          where e.farm_id = ${farmId} group by l.entry_id having sum(l.debit_cents) <> sum(l.credit_cents)) x
        ) as unbalanced,
        (select count(*)::int from journal_entries where farm_id = ${farmId} and source_type = 'weight') as weighings`),
  );
  const net = new Map(rows.map((r) => [r.account, Number(r.net)]));
  return {
    net: (account: string) => net.get(account) ?? 0,
    unbalanced: Number(check?.unbalanced ?? 0),
    weighings: Number(check?.weighings ?? 0),
  };
}

const steps = (order: TOrder) => order.timeline.map((e) => e.status);

describe('a weighing within the tolerance', () => {
  it('bills the weighed tons at once, tells both sides, books the difference once and explains it', async () => {
    const s = await sale();
    const stranger = await userWithRole(t.app, t.ctx, 'buyer');
    let picked: TOrder | undefined;
    const notices = await noticesDuring(t, async () => {
      picked = await move(s, { status: 'picked_up', weighedQuantity: '1,98' });
    });
    // 1.98 t × 250.00 = 495.00: 1 % short, within the 2 % tolerance.
    expect(picked?.total).toBe(495);
    expect(picked?.payment).toEqual({ total: 495, paid: 0, refunded: 0, due: 495 });
    expect(picked?.weighing).toEqual({
      ordered: 2,
      billed: 1.98,
      weighed: 1.98,
      deviationPercent: -1,
      toAccept: false,
      totalIfAccepted: null,
    });
    expect(picked?.timeline.slice(-2)).toMatchObject([
      { status: 'picked_up' },
      { status: 'weight_adjusted', amount: -5, quantity: 1.98 },
    ]);
    // Both sides hear the order change at once; nobody else does.
    const heard = notices.find((n) => n.event.type === 'order' && n.event.id === s.order.id);
    expect(heard?.to).toEqual(expect.arrayContaining([s.buyer.user.id, s.farmer.user.id]));
    expect(heard?.to).not.toContain(stranger.user.id);
    const seller = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(seller.weighing.billed).toBe(1.98);
    let ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(49_500);
    expect(ledger.net('income:produce_sales')).toBe(-49_500);
    expect(ledger.weighings).toBe(1);

    // Weighed again at hand-over, the same: nothing moves twice.
    const done = await move(s, { status: 'delivered', code: await code(s), weighedQuantity: 1.98 });
    expect(done.status).toBe('delivered');
    expect(done.total).toBe(495);
    expect(steps(done).filter((step) => step === 'weight_adjusted')).toHaveLength(1);
    ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(49_500);
    expect(ledger.weighings).toBe(1);
    expect(ledger.unbalanced).toBe(0);
  });

  it('bills more when the goods weigh more', async () => {
    const s = await sale();
    const picked = await move(s, { status: 'picked_up', weighedQuantity: 2.04 });
    expect(picked.payment.due).toBe(510);
    expect(picked.timeline.at(-1)).toMatchObject({ status: 'weight_adjusted', amount: 10, quantity: 2.04 });
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(51_000);
    expect(ledger.net('income:produce_sales')).toBe(-51_000);
    expect(ledger.unbalanced).toBe(0);
  });

  it('hands back what a buyer paid beyond the weighed bill, by the means they paid, then completes', async () => {
    const s = await sale();
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, {
        amount: 500,
        method: 'mobile_money',
      }),
      201,
    );
    await move(s, { status: 'picked_up' });
    const done = await move(s, { status: 'delivered', code: await code(s), weighedQuantity: '1,99' });
    expect(done.status).toBe('completed');
    expect(done.payment).toEqual({ total: 497.5, paid: 497.5, refunded: 0, due: 0 });
    expect(done.refunds).toEqual([
      expect.objectContaining({ amount: 2.5, method: 'mobile_money', reason: 'weight', status: 'completed' }),
    ]);
    expect(steps(done).slice(-4)).toEqual(['delivered', 'weight_adjusted', 'refunded', 'completed']);
    const ledger = await books(s.farmId);
    expect(ledger.net('mobile_money')).toBe(49_750);
    expect(ledger.net('receivables')).toBe(0);
    expect(ledger.net('income:produce_sales')).toBe(-49_750);
    expect(ledger.unbalanced).toBe(0);
  });
});

describe('a weighing beyond the tolerance', () => {
  it('waits for the buyer: their code at hand-over accepts it and the bill follows', async () => {
    const s = await sale();
    const picked = await move(s, { status: 'picked_up', weighedQuantity: 1.8 });
    expect(picked.total).toBe(500);
    expect(picked.weighing).toMatchObject({
      billed: 2,
      weighed: 1.8,
      deviationPercent: -10,
      toAccept: true,
      totalIfAccepted: 450,
    });
    expect(picked.timeline.at(-1)).toMatchObject({ status: 'weight_to_accept', amount: null, quantity: 1.8 });
    expect((await books(s.farmId)).weighings).toBe(0);

    // A wrong code accepts nothing.
    const right = await code(s);
    const wrong = await send(s.driver, 'PATCH', `/api/deliveries/${s.deliveryId}`, {
      status: 'delivered',
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect((await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).total).toBe(500);

    const done = await move(s, { status: 'delivered', code: right });
    expect(done.status).toBe('delivered');
    expect(done.payment.due).toBe(450);
    expect(done.weighing).toMatchObject({ billed: 1.8, toAccept: false, totalIfAccepted: null });
    expect(done.timeline.slice(-2)).toMatchObject([
      { status: 'delivered' },
      { status: 'weight_accepted', amount: -50, quantity: 1.8 },
    ]);
    const ledger = await books(s.farmId);
    expect(ledger.net('receivables')).toBe(45_000);
    expect(ledger.weighings).toBe(1);
    expect(ledger.unbalanced).toBe(0);
  });

  it('opens a dispute with the weights filled in when the buyer does not accept it, the bill unchanged', async () => {
    const s = await sale();
    await move(s, { status: 'picked_up' });
    const done = await move(s, {
      status: 'delivered',
      code: await code(s),
      weighedQuantity: 2.2,
      weight: 'disputed',
    });
    expect(done.status).toBe('disputed');
    expect(done.total).toBe(500);
    expect(done.dispute).toMatchObject({ reason: 'quantity', orderedQuantity: 2, weighedQuantity: 2.2 });
    expect(steps(done).slice(-3)).toEqual(['delivered', 'weight_to_accept', 'disputed']);
    const ledger = await books(s.farmId);
    expect(ledger.weighings).toBe(0);
    expect(ledger.net('receivables')).toBe(50_000);
    // The seller sees the same dispute.
    const seller = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(seller.dispute).toMatchObject({ orderedQuantity: 2, weighedQuantity: 2.2 });
  });

  it('refuses an unknown answer (400) and changes nothing', async () => {
    const s = await sale();
    await move(s, { status: 'picked_up', weighedQuantity: 1.5 });
    const res = await send(s.driver, 'PATCH', `/api/deliveries/${s.deliveryId}`, {
      status: 'delivered',
      code: await code(s),
      weight: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    const after = await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`));
    expect(after.status).toBe('in_transit');
    expect(after.weighing.toAccept).toBe(true);
  });
});

describe('a dispute opened after delivery', () => {
  it('carries the weights when the goods were weighed', async () => {
    const s = await sale();
    await move(s, { status: 'picked_up', weighedQuantity: 1.97 });
    await move(s, { status: 'delivered', code: await code(s) });
    const disputed = await ok<TOrder>(
      await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, { reason: 'quality', note: 'wet' }),
      201,
    );
    expect(disputed.dispute).toMatchObject({ orderedQuantity: 2, weighedQuantity: 1.97 });
  });
});

describe('cancelling', () => {
  it('is refused once a weighing was billed, even after the delivery failed', async () => {
    const s = await sale();
    await move(s, { status: 'picked_up', weighedQuantity: 1.99 });
    await move(s, { status: 'failed', note: 'truck broke down' });
    const res = await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'give up' });
    expect(res.statusCode).toBe(409);
    const after = await ok<TOrder>(await send(s.farmer, 'GET', `/api/orders/${s.order.id}`));
    expect(after.status).toBe('awaiting_delivery');
    expect(after.can.cancel).toBe(false);
  });
});

describe('the manager settling a weight dispute', () => {
  it('sees both sides, the weights and how to reach each party, and records how the refund was paid', async () => {
    const s = await sale();
    await t.ctx.db.execute(sql`update users set phone_number = '670000001' where id = ${s.buyer.user.id}`);
    await t.ctx.db.execute(sql`update users set phone_number = '670000002' where id = ${s.farmer.user.id}`);
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 500, method: 'cash' }),
      201,
    );
    await move(s, { status: 'picked_up', weighedQuantity: 1.8 });
    await move(s, { status: 'delivered', code: await code(s), weight: 'disputed' });
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const seen = await ok<TOrder>(await send(manager, 'GET', `/api/orders/${s.order.id}`));
    expect(seen.dispute).toMatchObject({
      orderedQuantity: 2,
      weighedQuantity: 1.8,
      contacts: {
        buyer: { id: s.buyer.user.id, phoneNumber: expect.stringContaining('670000001') },
        seller: { id: s.farmer.user.id, phoneNumber: expect.stringContaining('670000002') },
      },
    });
    // The parties see the dispute, not each other's contacts through it.
    expect(
      (await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).dispute?.contacts,
    ).toBeNull();

    const bad = await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, {
      resolution: 'partial_refund',
      amount: 50,
      note: 'short weight',
      method: 'cheque',
    });
    expect(bad.statusCode).toBe(400);
    const resolved = await ok<TOrder>(
      await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, {
        resolution: 'partial_refund',
        amount: 50,
        note: 'short weight confirmed',
        method: 'mobile_money',
        reference: 'MM-REF-77',
      }),
    );
    expect(resolved.status).toBe('completed');
    expect(resolved.refunds).toEqual([
      expect.objectContaining({
        amount: 50,
        method: 'mobile_money',
        reference: 'MM-REF-77',
        reason: 'dispute',
      }),
    ]);
    // The money went back from the account the manager named.
    const ledger = await books(s.farmId);
    expect(ledger.net('cash')).toBe(50_000);
    expect(ledger.net('mobile_money')).toBe(-5_000);
    expect(ledger.unbalanced).toBe(0);
  });
});
