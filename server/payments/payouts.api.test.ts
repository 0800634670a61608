// Payouts that go wrong, through the API: a payee without a proven number waits for a manager, who retries (a new
// reference, only once the old one is final) or records a payout made by hand; MTN refusing for lack of funds; an
// expired token and a 503 while polling; an agent's commission paid on its own; a cancelled order refunded from escrow.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import type { TPayout } from '../../contract/payments';
import { rowsOf } from '../db/client';
import { agentSale, linkAgent, sender } from '../test/agent-sale';
import {
  mobilePayment,
  orderOf,
  payByMobile,
  paymentsApp,
  proveNumber,
  workQueue,
} from '../test/escrow-flow';
import {
  deliverWithCode,
  farmAccounts,
  operatorEscrow,
  operatorLinesOfMove,
  provenSale,
  settleQueue,
} from '../test/escrow-steps';
import { createFarm, userWithRole } from '../test/factories';
import { call, ok, type Session, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;
let manager: Session;

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  manager = await userWithRole(t.app, t.ctx, 'manager');
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

/** Our reference of a move (the API shows the provider's transaction id once it is paid). */
async function referenceOf(moveId: number): Promise<{ reference: string; previous: string[] }> {
  const [row] = rowsOf<{ reference: string; previous_references: string[] }>(
    await t.ctx.db.execute(sql`select reference, previous_references from money_moves where id = ${moveId}`),
  );
  if (!row) {
    throw new Error(`no move ${moveId}`);
  }
  return { reference: row.reference, previous: row.previous_references };
}

/** A sale paid by MTN into escrow, handed over with the code and released by the buyer at once: its payouts. */
async function releasedSale(options: { sellerPhone?: string | null } = {}) {
  const sold = await provenSale(t, options);
  const paid = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
  expect(paid.status).toBe(201);
  await settleQueue(t, stand);
  expect((await mobilePayment(t, sold.buyer, paid.body.id)).json().status).toBe('succeeded');
  await deliverWithCode(t, { seller: sold.farmer, buyer: sold.buyer, orderId: sold.order.id });
  const released = await ok<TOrder>(
    await call(t.app, sold.buyer.cookie, { method: 'POST', url: `/api/orders/${sold.order.id}/release` }),
  );
  return { ...sold, payouts: released.payouts };
}

const managerCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, manager.cookie, { method, url, ...(payload ? { payload } : {}) });

async function waitingList(): Promise<(TPayout & { orderId: number | null })[]> {
  return ok(await managerCall('GET', '/api/operations/payouts'));
}

describe('a payout that waits for a manager', () => {
  it('waits for a proven number, is refused a retry without one, and goes under a new reference once there is one', async () => {
    const sold = await releasedSale({ sellerPhone: null });
    const [payout] = sold.payouts;
    expect(payout).toMatchObject({
      kind: 'seller',
      amount: 500,
      status: 'pending',
      failureReason: 'no_proven_number',
    });
    const id = payout?.id ?? 0;
    const first = await referenceOf(id);
    // Nothing was asked of MTN, and a manager sees it waiting.
    expect(stand.wallet.requests(first.reference)).toBe(0);
    expect(await waitingList()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, orderId: sold.order.id, status: 'pending' })]),
    );

    const refused = await managerCall('POST', `/api/payouts/${id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('conflict');
    expect(await referenceOf(id)).toEqual(first);

    await proveNumber(t.ctx, sold.farmer, '+237670000001');
    const retried = await ok<TPayout>(await managerCall('POST', `/api/payouts/${id}/retry`));
    expect(retried).toMatchObject({ id, status: 'pending', failureReason: null });
    const second = await referenceOf(id);
    expect(second.reference).not.toBe(first.reference);
    expect(second.previous).toEqual([first.reference]);
    expect(stand.wallet.requests(second.reference)).toBe(1);
    expect(stand.wallet.payment(second.reference)).toMatchObject({ phone: '237670000001', amount: '500' });

    await settleQueue(t, stand);
    const after = await orderOf(t, sold.farmer, sold.order.id);
    expect(after.payouts).toEqual([expect.objectContaining({ id, status: 'succeeded' })]);
    expect(stand.wallet.requests(second.reference)).toBe(1);
    expect((await waitingList()).some((p) => p.id === id)).toBe(false);
    expect(await operatorLinesOfMove(t, id)).toEqual([
      'disbursement_wallet 0/50000',
      'escrow 50000/0',
      'owed_to_sellers 0/50000',
      'owed_to_sellers 50000/0',
    ]);
    expect(await farmAccounts(t, sold.farmId)).toMatchObject({ mobile_money: 500, receivables: 0 });
  });

  it('records a payout made in cash: paid, in the operator books by hand, and cash in the farm books', async () => {
    const sold = await releasedSale({ sellerPhone: null });
    const id = sold.payouts[0]?.id ?? 0;
    const bad = await managerCall('POST', `/api/payouts/${id}/record`, { method: 'cash', reference: '' });
    expect(bad.statusCode).toBe(400);
    const recorded = await ok<TPayout>(
      await managerCall('POST', `/api/payouts/${id}/record`, { method: 'cash', reference: 'RCPT-0042' }),
    );
    expect(recorded).toMatchObject({ id, status: 'succeeded', method: 'cash', reference: 'RCPT-0042' });
    expect(await operatorLinesOfMove(t, id)).toEqual([
      'escrow 50000/0',
      'owed_to_sellers 0/50000',
      'owed_to_sellers 50000/0',
      'paid_by_hand 0/50000',
    ]);
    expect(await farmAccounts(t, sold.farmId)).toMatchObject({ cash: 500, receivables: 0 });
    expect(await farmAccounts(t, sold.farmId)).not.toHaveProperty('mobile_money');
    // Once paid, neither recorded again nor retried; nothing ever went to MTN.
    expect(
      (await managerCall('POST', `/api/payouts/${id}/record`, { method: 'cash', reference: 'X' })).statusCode,
    ).toBe(409);
    expect((await managerCall('POST', `/api/payouts/${id}/retry`)).statusCode).toBe(409);
    expect(
      stand.requests.some(
        (r) =>
          r.path === '/disbursement/v1_0/transfer' &&
          JSON.stringify(r.body).includes(`order-${sold.order.id}`),
      ),
    ).toBe(false);
    expect(await farmAccounts(t, sold.farmId)).toMatchObject({ cash: 500 });
    // Managers only; an unknown payout is 404.
    expect(
      (await call(t.app, sold.farmer.cookie, { method: 'POST', url: `/api/payouts/${id}/retry` })).statusCode,
    ).toBe(403);
    expect((await managerCall('POST', '/api/payouts/999999/retry')).statusCode).toBe(404);
  });

  it('fails a payout MTN refuses for lack of funds, and tries it again under a new reference only once it failed', async () => {
    const balance = stand.wallet.balances.disbursement;
    stand.wallet.balances.disbursement = 0;
    // The buyer's payment as usual; the payout MTN keeps PENDING for a first question and never calls back, so
    // that its end stays unknown until the test works the queue (a callback would race the manager's calls).
    stand.script('momo', { callbackAfterMs: 0 }, { noCallback: true, pendingPolls: 1 });
    try {
      const sold = await releasedSale();
      const [payout] = sold.payouts;
      const id = payout?.id ?? 0;
      const first = await referenceOf(id);
      expect(stand.wallet.requests(first.reference)).toBe(1);
      // Taken by MTN, its end not yet known: it may still be paid, so it is neither retried nor recorded.
      expect((await managerCall('POST', `/api/payouts/${id}/retry`)).statusCode).toBe(409);
      expect(
        (await managerCall('POST', `/api/payouts/${id}/record`, { method: 'cash', reference: 'R-1' }))
          .statusCode,
      ).toBe(409);
      await settleQueue(t, stand);
      const failed = await orderOf(t, sold.farmer, sold.order.id);
      expect(failed.payouts).toEqual([
        expect.objectContaining({ id, status: 'failed', failureReason: 'not_enough_funds' }),
      ]);
      expect(await waitingList()).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, status: 'failed' })]),
      );
      expect(await operatorLinesOfMove(t, id)).toEqual(['escrow 50000/0', 'owed_to_sellers 0/50000']);

      stand.wallet.balances.disbursement = balance;
      await ok(await managerCall('POST', `/api/payouts/${id}/retry`));
      const second = await referenceOf(id);
      expect(second.reference).not.toBe(first.reference);
      await settleQueue(t, stand);
      expect((await orderOf(t, sold.farmer, sold.order.id)).payouts).toEqual([
        expect.objectContaining({ id, status: 'succeeded', failureReason: null }),
      ]);
      expect(stand.wallet.requests(first.reference)).toBe(1);
      expect(stand.wallet.requests(second.reference)).toBe(1);
      expect(await farmAccounts(t, sold.farmId)).toMatchObject({ mobile_money: 500, receivables: 0 });
    } finally {
      stand.wallet.balances.disbursement = balance;
    }
  });
});

describe('MTN trouble while polling', () => {
  it('gets over an expired token and a 503 while asking a payment status, and takes the payment once', async () => {
    const sold = await provenSale(t);
    stand.script('momo', { noCallback: true, pendingPolls: 1 });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    expect(started.status).toBe(201);
    const { reference } = started.body;
    const statusPath = `/collection/v1_0/requesttopay/${reference}`;
    stand.script('momo', { tokenExpired: true }, { status: 503 });
    for (let round = 0; round < 5; round++) {
      await workQueue(t.ctx);
      if ((await mobilePayment(t, sold.buyer, started.body.id)).json().status !== 'pending') {
        break;
      }
    }
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json()).toMatchObject({
      status: 'succeeded',
    });
    const answers = stand.requests.filter((r) => r.path === statusPath).map((r) => r.answered);
    expect(answers).toEqual(expect.arrayContaining([401, 503, 200]));
    expect(stand.wallet.requests(reference)).toBe(1);
    const order = await orderOf(t, sold.buyer, sold.order.id);
    expect(order.payments).toHaveLength(1);
    expect(order.payment).toMatchObject({ paid: 500, due: 0 });
  });
});

describe("an agent's sale", () => {
  it("pays the agent's commission as a payout of its own, and the rest to the seller", async () => {
    const send = sender(() => t.app);
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    await createFarm(t.app, farmer);
    await linkAgent(send, agent, farmer);
    const { order } = await agentSale(send, { farmer, agent, buyer });
    await proveNumber(t.ctx, farmer, '+237670000011');
    await proveNumber(t.ctx, agent, '+237670000012');
    await proveNumber(t.ctx, buyer, '+237670000013');
    const paid = await payByMobile(t, buyer, order.id, { provider: 'mtn_momo' });
    expect(paid.status).toBe(201);
    expect(paid.body.amount).toBe(2000);
    await settleQueue(t, stand);
    await deliverWithCode(t, { seller: farmer, buyer, orderId: order.id });
    const released = await ok<TOrder>(
      await call(t.app, buyer.cookie, { method: 'POST', url: `/api/orders/${order.id}/release` }),
    );
    // 2 % of the 2 000 sale to the agent, the rest to the farmer: each its own transfer to its own number.
    const byKind = Object.fromEntries(released.payouts.map((p) => [p.kind, p]));
    expect(byKind.agent).toMatchObject({ amount: 40, to: { id: agent.user.id } });
    expect(byKind.seller).toMatchObject({ amount: 1960, to: { id: farmer.user.id } });
    const agentRef = (await referenceOf(byKind.agent?.id ?? 0)).reference;
    const sellerRef = (await referenceOf(byKind.seller?.id ?? 0)).reference;
    expect(agentRef).not.toBe(sellerRef);
    expect(stand.wallet.payment(agentRef)).toMatchObject({ phone: '237670000012', amount: '40' });
    expect(stand.wallet.payment(sellerRef)).toMatchObject({ phone: '237670000011', amount: '1960' });
    await settleQueue(t, stand);
    const after = await orderOf(t, buyer, order.id);
    expect(after.payouts.map((p) => [p.kind, p.amount, p.status]).sort()).toEqual([
      ['agent', 40, 'succeeded'],
      ['seller', 1960, 'succeeded'],
    ]);
    expect(after.escrow).toMatchObject({ held: 0, released: 2000 });
    expect(stand.wallet.requests(agentRef)).toBe(1);
    expect(stand.wallet.requests(sellerRef)).toBe(1);
  });
});

describe('a cancelled order paid into escrow', () => {
  it('refunds the buyer by mobile money: the refund is pending until its payout succeeds', async () => {
    const sold = await provenSale(t, { buyerPhone: '+237670000021' });
    const paid = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo' });
    await settleQueue(t, stand);
    expect((await mobilePayment(t, sold.buyer, paid.body.id)).json().status).toBe('succeeded');
    const heldBefore = (await operatorEscrow(t, manager)).held;

    stand.script('momo', { noCallback: true });
    const cancelled = await ok<TOrder>(
      await call(t.app, sold.farmer.cookie, {
        method: 'POST',
        url: `/api/orders/${sold.order.id}/cancel`,
        payload: { reason: 'No truck this week' },
      }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({ amount: 500, method: 'mobile_money', status: 'pending' }),
    ]);
    const refund = cancelled.payouts.find((p) => p.kind === 'refund');
    expect(refund).toMatchObject({ amount: 500, to: { id: sold.buyer.user.id } });
    const { reference } = await referenceOf(refund?.id ?? 0);
    expect(stand.wallet.payment(reference)).toMatchObject({ phone: '237670000021', amount: '500' });

    await settleQueue(t, stand);
    const after = await orderOf(t, sold.buyer, sold.order.id);
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 500, method: 'mobile_money', status: 'completed' }),
    ]);
    expect(after.payouts).toEqual([expect.objectContaining({ kind: 'refund', status: 'succeeded' })]);
    expect(after.escrow).toMatchObject({ held: 0, refunded: 500 });
    expect(stand.wallet.requests(reference)).toBe(1);
    const escrow = await operatorEscrow(t, manager);
    expect(escrow.held).toBe(heldBefore - 500);
    expect(escrow.held).toBe(escrow.collected - escrow.paidOut - escrow.refunded);
    // The sale never reached the farm's cash: its books end at nothing owed and nothing received.
    expect(await farmAccounts(t, sold.farmId)).toMatchObject({ receivables: 0 });
  });
});
