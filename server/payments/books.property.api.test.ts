// Property test over the API: through any sequence of collections (paid or failed by MTN's sandbox numbers),
// deliveries, releases, disputes with refunds, cancellations, payouts MTN refuses and managers' records, the operator's
// books balance (held = collected − paid out − refunded, and the sum by order) and so does each farm's journal, whose
// receivables are what the buyer still owes plus what escrow holds for the seller.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import type { FarmSold } from '../test/completed-order';
import { orderOf, payByMobile, paymentsApp, releaseAt } from '../test/escrow-flow';
import {
  farmAccounts,
  farmJournalTotals,
  operatorEscrow,
  provenSale,
  settleQueue,
} from '../test/escrow-steps';
import { userWithRole } from '../test/factories';
import { call, type Session, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 10);
const HOUR = 3_600_000;
const FUNDS = 1_000_000_000;

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

/** What may happen to one of a run's two orders (or to MTN's disbursement account). */
type Action =
  | { kind: 'pay'; order: number; phone: string }
  | { kind: 'deliver'; order: number }
  | { kind: 'release'; order: number }
  | { kind: 'holdEnds' }
  | { kind: 'dispute'; order: number; resolution: 'refund' | 'partial_refund' | 'rejected' }
  | { kind: 'cancel'; order: number }
  | { kind: 'funds'; empty: boolean }
  | { kind: 'manager'; order: number; act: 'record' | 'retry' };

const orderIndex = fc.constantFrom(0, 1);
/** MTN sandbox payers: any other number succeeds, …50 fails, …51 is rejected. */
const payerArb = fc.constantFrom(
  '237670000002',
  '237670000002',
  '237670000002',
  '46733123450',
  '46733123451',
);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  // The sandbox's numbers: any other succeeds, …50 fails, …51 is rejected.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order: orderIndex,
      phone: payerArb,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), order: orderIndex }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), order: orderIndex }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'holdEnds' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('dispute' as const),
      order: orderIndex,
      resolution: fc.constantFrom('refund' as const, 'partial_refund' as const, 'rejected' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: orderIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('funds' as const), empty: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('manager' as const),
      order: orderIndex,
      act: fc.constantFrom('record' as const, 'retry' as const),
    }),
  },
);

const cents = (amount: number) => Math.round(amount * 100);

/** Hands the order over with the buyer's code; answers nothing (a refused step is part of the sequence). */
async function deliver(sold: FarmSold): Promise<void> {
  const arranged = await call(t.app, sold.farmer.cookie, {
    method: 'POST',
    url: `/api/orders/${sold.order.id}/delivery`,
    payload: { mode: 'pickup' },
  });
  if (arranged.statusCode !== 201) {
    return;
  }
  const code = (await orderOf(t, sold.buyer, sold.order.id)).handoverCode;
  await call(t.app, sold.farmer.cookie, {
    method: 'PATCH',
    url: `/api/deliveries/${arranged.json<TOrder>().delivery?.id}`,
    payload: { status: 'delivered', code },
  });
}

async function dispute(sold: FarmSold, resolution: 'refund' | 'partial_refund' | 'rejected'): Promise<void> {
  const opened = await call(t.app, sold.buyer.cookie, {
    method: 'POST',
    url: `/api/orders/${sold.order.id}/dispute`,
    payload: { reason: 'quality', note: 'Wet grain in two bags' },
  });
  if (opened.statusCode !== 201) {
    return;
  }
  await call(t.app, manager.cookie, {
    method: 'PATCH',
    url: `/api/orders/${sold.order.id}/dispute`,
    payload: { resolution, note: 'Settled', ...(resolution === 'partial_refund' ? { amount: 120 } : {}) },
  });
}

/** The manager records by hand, or retries, every payout of the order that waits or failed. */
async function managerActs(sold: FarmSold, act: 'record' | 'retry'): Promise<void> {
  const order = await orderOf(t, manager, sold.order.id);
  for (const payout of order.payouts) {
    if (payout.status === 'succeeded' || (payout.status === 'pending' && payout.failureReason === null)) {
      continue;
    }
    await call(t.app, manager.cookie, {
      method: 'POST',
      url: `/api/payouts/${payout.id}/${act}`,
      ...(act === 'record' ? { payload: { method: 'cash', reference: `RCPT-${payout.id}` } } : {}),
    });
  }
}

async function apply(action: Action, sales: FarmSold[]): Promise<string> {
  const sold = 'order' in action ? sales[action.order] : undefined;
  let status = 0;
  switch (action.kind) {
    case 'pay':
      if (sold) {
        status = (
          await payByMobile(t, sold.buyer, sold.order.id, { provider: 'mtn_momo', phone: action.phone })
        ).status;
      }
      break;
    case 'deliver':
      if (sold) {
        await deliver(sold);
      }
      break;
    case 'release':
      if (sold) {
        status = (
          await call(t.app, sold.buyer.cookie, {
            method: 'POST',
            url: `/api/orders/${sold.order.id}/release`,
          })
        ).statusCode;
      }
      break;
    case 'holdEnds':
      await releaseAt(t.ctx, Date.now() + 49 * HOUR);
      break;
    case 'dispute':
      if (sold) {
        await dispute(sold, action.resolution);
      }
      break;
    case 'cancel':
      if (sold) {
        status = (
          await call(t.app, sold.farmer.cookie, {
            method: 'POST',
            url: `/api/orders/${sold.order.id}/cancel`,
            payload: { reason: 'No truck' },
          })
        ).statusCode;
      }
      break;
    case 'funds':
      stand.wallet.balances.disbursement = action.empty ? 0 : FUNDS;
      break;
    case 'manager':
      if (sold) {
        await managerActs(sold, action.act);
      }
      break;
  }
  await settleQueue(t, stand);
  if (status >= 500) {
    throw new Error(`${JSON.stringify(action)} answered ${status}`);
  }
  return `${JSON.stringify(action)} ${status}`;
}

/** The operator's balances of the seller's side for one order (undecided escrow and owed to the seller), in cents. */
async function heldForSeller(orderId: number): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await t.ctx.db.execute(sql`select coalesce(sum(credit_cents - debit_cents), 0) as balance from operator_lines
      where order_id = ${orderId} and account in ('escrow', 'owed_to_sellers')`),
  );
  return Number(row?.balance ?? 0);
}

async function checkBooks(sales: FarmSold[], trail: string[]): Promise<void> {
  const why = trail.join('\n');
  const escrow = await operatorEscrow(t, manager);
  expect(cents(escrow.held), why).toBe(
    cents(escrow.collected) - cents(escrow.paidOut) - cents(escrow.refunded),
  );
  expect(cents(escrow.held), why).toBe(escrow.byOrder.reduce((sum, o) => sum + cents(o.held), 0));
  expect(cents(escrow.held), why).toBeGreaterThanOrEqual(0);
  const [all] = rowsOf<{ debit: string; credit: string }>(
    await t.ctx.db.execute(
      sql`select coalesce(sum(debit_cents), 0) as debit, coalesce(sum(credit_cents), 0) as credit from operator_lines`,
    ),
  );
  expect(Number(all?.debit), why).toBe(Number(all?.credit));
  for (const sold of sales) {
    const journal = await farmJournalTotals(t, sold.farmId);
    expect(journal.debit, `farm ${sold.farmId} journal\n${why}`).toBe(journal.credit);
    const order = await orderOf(t, sold.buyer, sold.order.id);
    const receivables = cents((await farmAccounts(t, sold.farmId)).receivables ?? 0);
    const owed = cents(order.payment.due) + (await heldForSeller(sold.order.id));
    expect(receivables, `order ${sold.order.id} (${order.status}) receivables\n${why}`).toBe(owed);
    // The order's own view agrees with the operator's books.
    expect(order.escrow.held, why).toBeGreaterThanOrEqual(0);
  }
}

describe('the books through any sequence of payments, payouts, refunds and failures', () => {
  it(`balance after each of ${RUNS} random sequences`, { timeout: 60_000 + RUNS * 8_000 }, async () => {
    const reached: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          sellerProven: fc.boolean(),
          // Each buyer tries to pay first (most succeed), then anything may happen in any order.
          payers: fc.tuple(payerArb, payerArb),
          actions: fc.array(actionArb, { minLength: 4, maxLength: 10 }),
        }),
        async (run) => {
          stand.wallet.balances.disbursement = FUNDS;
          const sellerPhone = run.sellerProven ? '+237670000001' : null;
          const sales = [await provenSale(t, { sellerPhone }), await provenSale(t, { sellerPhone })];
          const trail: string[] = [`seller proven: ${run.sellerProven}`];
          const first = run.payers.map((phone, order) => ({ kind: 'pay' as const, order, phone }));
          for (const action of [...first, ...run.actions]) {
            trail.push(await apply(action, sales));
          }
          await checkBooks(sales, trail);
          for (const sold of sales) {
            const order = await orderOf(t, manager, sold.order.id);
            const seen = [order.status, ...order.payouts.map((p) => `${p.kind}:${p.status}`)];
            for (const what of seen) {
              reached[what] = (reached[what] ?? 0) + 1;
            }
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`books property: ${RUNS} runs reached ${JSON.stringify(reached)}`);
  });
});
