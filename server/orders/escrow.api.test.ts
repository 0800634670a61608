import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import type { TOperatorEscrow, TPayout } from '../../contract/payments';
import { rowsOf } from '../db/client';
import { type FarmSold, soldFromFarm } from '../test/completed-order';
import {
  mobilePayment,
  orderOf,
  payByMobile,
  paymentsApp,
  proveNumber,
  releaseAt,
  workQueue,
} from '../test/escrow-flow';
import { userWithRole } from '../test/factories';
import { call, ok, type Session, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;
let manager: Session;

const HOUR = 3_600_000;

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  manager = await userWithRole(t.app, t.ctx, 'manager');
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

/** A sale from a farm whose seller and buyer have proven numbers (the buyer's decides MTN's sandbox outcome). */
async function sale(buyerPhone = '+237670000002'): Promise<FarmSold> {
  const sold = await soldFromFarm(t.app, t.ctx);
  await proveNumber(t.ctx, sold.farmer, '+237670000001');
  await proveNumber(t.ctx, sold.buyer, buyerPhone);
  return sold;
}

/** The seller hands the goods over at pick-up with the buyer's code: the order is delivered. */
async function deliverWithCode(sold: FarmSold): Promise<TOrder> {
  const { farmer, buyer, order } = sold;
  const arranged = await ok<TOrder>(
    await call(t.app, farmer.cookie, {
      method: 'POST',
      url: `/api/orders/${order.id}/delivery`,
      payload: { mode: 'pickup' },
    }),
    201,
  );
  const code = (await orderOf(t, buyer, order.id)).handoverCode;
  await ok(
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/deliveries/${arranged.delivery?.id}`,
      payload: { status: 'delivered', code },
    }),
    200,
  );
  return orderOf(t, buyer, order.id);
}

/** The farm's mobile-money and receivables balances, in currency units, from its ledger. */
async function farmCash(sold: FarmSold): Promise<{ mobileMoney: number; receivables: number }> {
  const rows = rowsOf<{ account: string; balance: string }>(
    await t.ctx.db.execute(sql`select l.account, sum(l.debit_cents - l.credit_cents) as balance
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.farm_id = ${sold.farmId} and l.account in ('mobile_money', 'receivables') group by l.account`),
  );
  const amount = (name: string) => Number(rows.find((r) => r.account === name)?.balance ?? 0) / 100;
  return { mobileMoney: amount('mobile_money'), receivables: amount('receivables') };
}

/** The reasons of the user's mobile-money notices, newest first. */
async function noticeReasons(who: Session): Promise<string[]> {
  const list = await ok<{ type: string; data: { reason?: string } }[]>(
    await call(t.app, who.cookie, { method: 'GET', url: '/api/notifications?limit=50' }),
    200,
  );
  return list.filter((n) => n.type === 'payment_update').map((n) => n.data.reason ?? '');
}

async function operatorEscrow(): Promise<TOperatorEscrow> {
  return ok<TOperatorEscrow>(
    await call(t.app, manager.cookie, { method: 'GET', url: '/api/operations/escrow' }),
    200,
  );
}

describe('collecting the buyer money into escrow', () => {
  it('records the payment before MTN is called, and takes it when the status (polled, no callback) says paid', async () => {
    const sold = await sale();
    stand.script('momo', { noCallback: true, pendingPolls: 2 });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      orderId: sold.order.id,
      provider: 'mtn_momo',
      status: 'pending',
      paymentUrl: null,
    });
    expect(started.body.amount).toBe(500);
    expect(stand.wallet.requests(started.body.reference)).toBe(1);
    // Another while it is pending: 409, and nothing more asked of MTN.
    const again = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    expect(again.status).toBe(409);

    await workQueue(t.ctx);
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('pending');
    await workQueue(t.ctx);
    await workQueue(t.ctx);
    const paid = (await mobilePayment(t, sold.buyer, started.body.id)).json();
    expect(paid.status).toBe('succeeded');
    expect(stand.wallet.requests(started.body.reference)).toBe(1);

    const order = await orderOf(t, sold.buyer, sold.order.id);
    expect(order.payment).toMatchObject({ paid: 500, due: 0 });
    expect(order.payments).toEqual([expect.objectContaining({ amount: 500, method: 'mobile_money' })]);
    expect(order.escrow).toMatchObject({ held: 500, released: 0, refunded: 0, frozen: false });
    // Held, not the farm's yet: its books still show the sale as owed.
    expect(await farmCash(sold)).toEqual({ mobileMoney: 0, receivables: 500 });
  });

  it('takes a callback as a hint only: the status call decides', async () => {
    const sold = await sale();
    stand.script('momo', { callbackAfterMs: 50 });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    expect(started.status).toBe(201);
    await stand.settled();
    await t.ctx.db.execute('select 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('succeeded');
    expect(stand.callbacks.some((c) => c.url.includes(started.body.reference) && c.status === 200)).toBe(
      true,
    );
  });

  it.each([
    ['+46733123450', 'failed', 'provider_error'],
    ['+46733123451', 'failed', 'rejected'],
    ['+46733123455', 'failed', 'number_not_registered'],
    ['+46733123452', 'expired', 'not_approved_in_time'],
    ['+46733123463', 'expired', 'not_approved_in_time'],
  ])('says why a payment from %s did not go through', async (phone, status, reason) => {
    const sold = await sale(phone);
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    expect(started.status).toBe(201);
    await workQueue(t.ctx);
    const answer = (await mobilePayment(t, sold.buyer, started.body.id)).json();
    expect(answer).toMatchObject({ status, failureReason: reason });
    expect((await orderOf(t, sold.buyer, sold.order.id)).payment.paid).toBe(0);
    // A new try is allowed once it is final, under a new reference.
    const retry = await payByMobile(t, sold.buyer, sold.order.id, {
      provider: 'mtn_momo',
      phone: '237670000002',
    });
    expect(retry.status).toBe(201);
    expect(retry.body.reference).not.toBe(started.body.reference);
  });

  it('shows a payment to the order people only', async () => {
    const sold = await sale();
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    const stranger = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await mobilePayment(t, stranger, started.body.id)).statusCode).toBe(404);
    expect((await mobilePayment(t, sold.farmer, started.body.id)).statusCode).toBe(200);
    expect((await mobilePayment(t, manager, started.body.id)).statusCode).toBe(200);
    // The seller is no payer of it.
    expect((await payByMobile(t, sold.farmer, sold.order.id, { provider: 'mtn_momo' })).status).toBe(403);
  });

  it('changes nothing on a forged or unkeyed callback', async () => {
    const sold = await sale();
    stand.script('momo', { noCallback: true, pendingPolls: 50 });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/momo/callback/${started.body.reference}?key=wrong-key-wrong-key`,
      payload: { status: 'SUCCESSFUL', financialTransactionId: '1' },
    });
    expect(forged.statusCode).toBe(401);
    const orangeForged = await t.app.inject({
      method: 'POST',
      url: `/api/payments/orange/notify/${started.body.reference}`,
      payload: { status: 'SUCCESS', notif_token: 'nope', txnid: 'x' },
    });
    expect(orangeForged.statusCode).toBe(200);
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('pending');
    expect((await orderOf(t, sold.buyer, sold.order.id)).payment.paid).toBe(0);
  });
});

describe('payout on delivery', () => {
  it('releases to the seller after the hold, and the farm books show the cash', async () => {
    const sold = await sale();
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    await workQueue(t.ctx);
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('succeeded');
    const delivered = await deliverWithCode(sold);
    expect(delivered.status).toBe('completed');
    expect(delivered.escrow.releaseAt).not.toBeNull();
    // Not before the hold ends.
    expect(await releaseAt(t.ctx, Date.now() + 47 * HOUR)).toBe(0);
    expect((await orderOf(t, sold.buyer, sold.order.id)).payouts).toEqual([]);
    expect(await releaseAt(t.ctx, Date.now() + 49 * HOUR)).toBeGreaterThanOrEqual(1);
    await workQueue(t.ctx);
    const after = await orderOf(t, sold.farmer, sold.order.id);
    expect(after.payouts).toEqual([
      expect.objectContaining<Partial<TPayout>>({ kind: 'seller', amount: 500, status: 'succeeded' }),
    ]);
    expect(after.escrow).toMatchObject({ held: 0, released: 500 });
    expect(await farmCash(sold)).toEqual({ mobileMoney: 500, receivables: 0 });
    // Each told in their own words: the buyer that the money is in escrow, the seller that the payout left.
    expect(await noticeReasons(sold.buyer)).toContain('succeeded');
    expect(await noticeReasons(sold.farmer)).toEqual(
      expect.arrayContaining(['succeeded', 'released', 'payout_sent']),
    );
    // Released once: another run finds nothing.
    expect(await releaseAt(t.ctx, Date.now() + 60 * HOUR)).toBe(0);
  });

  it('lets the buyer release at once', async () => {
    const sold = await sale();
    await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    await workQueue(t.ctx);
    await deliverWithCode(sold);
    const early = await call(t.app, sold.buyer.cookie, {
      method: 'POST',
      url: `/api/orders/${sold.order.id}/release`,
    });
    expect(early.statusCode).toBe(200);
    await workQueue(t.ctx);
    expect((await orderOf(t, sold.farmer, sold.order.id)).payouts[0]).toMatchObject({ status: 'succeeded' });
    const twice = await call(t.app, sold.buyer.cookie, {
      method: 'POST',
      url: `/api/orders/${sold.order.id}/release`,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('freezes the escrow while a dispute is open, and splits a partial refund', async () => {
    const sold = await sale();
    await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    await workQueue(t.ctx);
    await deliverWithCode(sold);
    await ok(
      await call(t.app, sold.buyer.cookie, {
        method: 'POST',
        url: `/api/orders/${sold.order.id}/dispute`,
        payload: { reason: 'quality', note: 'Wet grain in two bags' },
      }),
      201,
    );
    expect((await orderOf(t, sold.buyer, sold.order.id)).escrow.frozen).toBe(true);
    expect(await releaseAt(t.ctx, Date.now() + 100 * HOUR)).toBe(0);
    const resolved = await ok<TOrder>(
      await call(t.app, manager.cookie, {
        method: 'PATCH',
        url: `/api/orders/${sold.order.id}/dispute`,
        payload: { resolution: 'partial_refund', amount: 120, note: 'Two wet bags' },
      }),
      200,
    );
    expect(resolved.escrow).toMatchObject({ held: 0, refunded: 120, released: 380 });
    await workQueue(t.ctx);
    const after = await orderOf(t, sold.buyer, sold.order.id);
    const kinds = after.payouts.map((p) => [p.kind, p.amount, p.status]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['refund', 120, 'succeeded'],
        ['seller', 380, 'succeeded'],
      ]),
    );
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 120, method: 'mobile_money', status: 'completed' }),
    ]);
    expect(await farmCash(sold)).toEqual({ mobileMoney: 380, receivables: 0 });
  });

  it('keeps the operator books balanced: held = collected - paid out - refunded', async () => {
    const escrow = await operatorEscrow();
    expect(escrow.held).toBe(escrow.collected - escrow.paidOut - escrow.refunded);
    expect(escrow.collected).toBeGreaterThan(0);
    expect(escrow.held).toBe(escrow.byOrder.reduce((sum, o) => sum + o.held, 0));
    // Each order's commodity as the catalogue names it in the manager's language.
    expect(escrow.byOrder.map((o) => o.commodity)).toContain('Maize');
    await ok(
      await call(t.app, manager.cookie, {
        method: 'PATCH',
        url: '/api/user/language',
        payload: { language: 'fr' },
      }),
      200,
    );
    expect((await operatorEscrow()).byOrder.map((o) => o.commodity)).toContain('Maïs');
  });
});
