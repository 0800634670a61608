// Property tests of an order's life in the seller's books: the sale as a receivable, payments, a refund, a
// cancellation that reverses it all, the agent's commission. The books balance, cash reconciles, and what the books
// say is owed is what the order says is due.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplyCents } from '../../contract/money';
import { cashFlow } from './cash-flow';
import {
  type JournalEntry,
  postCommission,
  postDeliveryFee,
  postRefund,
  postSale,
  postSettlement,
  refundSplit,
  reverseEntry,
} from './posting';
import { balanceSheet, balances, incomeStatement } from './statements';

const DATE = '2026-06-15';
const RANGE = { startDate: '2026-06-01', endDate: '2026-06-30' };
const method = fc.constantFrom('cash', 'mobile_money', 'bank');

const lifecycle = fc.record({
  totalCents: fc.integer({ min: 1, max: 1e10 }),
  /** Each payment as a share (per mille) of what is due when it is made. */
  payments: fc.array(fc.tuple(fc.integer({ min: 1, max: 1000 }), method), { maxLength: 5 }),
  /** A refund as a share (per mille) of what is left to refund; null: no dispute. */
  refund: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  cancelled: fc.boolean(),
  /** The goods weighed, as a change of the total in per mille (a bill never falls to 0); null: not weighed. */
  weighing: fc.option(fc.integer({ min: -999, max: 1000 }), { nil: null }),
  commissionPercent: fc.constantFrom(0, 2, 2.5, 10),
  /** The driver's fee the seller pays, booked once at delivery; null: no fee (or a pick-up). */
  feeCents: fc.option(fc.integer({ min: 1, max: 1e8 }), { nil: null }),
});
type Lifecycle = typeof lifecycle extends fc.Arbitrary<infer T> ? T : never;

/** Runs an order's life as the orders service does and returns its entries and its final figures. */
function live(order: Lifecycle) {
  const entries: JournalEntry[] = [];
  const sale = postSale({ date: DATE, totalCents: order.totalCents, paid: false });
  entries.push(sale);
  let total = order.totalCents;
  let paid = 0;
  let refunded = 0;
  const paymentEntries: JournalEntry[] = [];
  const due = () => total - refunded - paid;
  for (const [share, via] of order.payments) {
    const amountCents = Math.max(1, Math.floor((due() * share) / 1000));
    if (due() <= 0 || amountCents > due()) {
      continue;
    }
    const entry = postSettlement({ date: DATE, amountCents, direction: 'collect', paymentMethod: via });
    entries.push(entry);
    paymentEntries.push(entry);
    paid += amountCents;
  }
  // A weighing (never on a cancelled order: weighed goods were picked up) books the change of the total, as
  // bookWeighing does: more sold on credit, or less as a refund (what was owed forgiven, the rest handed back).
  if (order.weighing !== null && !order.cancelled) {
    const changeCents = Math.trunc((total * order.weighing) / 1000);
    if (changeCents > 0) {
      entries.push(postSale({ date: DATE, totalCents: changeCents, paid: false }));
    } else if (changeCents < 0) {
      const stillOwed = due();
      entries.push(
        postRefund({
          date: DATE,
          amountCents: -changeCents,
          stillOwedCents: stillOwed,
          paymentMethod: 'cash',
        }),
      );
      paid -= refundSplit(-changeCents, stillOwed).handedBack;
    }
    total += changeCents;
  }
  if (order.cancelled) {
    for (const entry of [sale, ...paymentEntries]) {
      entries.push(reverseEntry(entry, { date: DATE }));
    }
    return { entries, owed: 0, sales: 0, money: 0, fee: 0 };
  }
  // Delivered (an order is no longer cancelled once picked up): the seller's fee to the driver, once.
  const fee = order.feeCents ?? 0;
  if (fee > 0) {
    entries.push(postDeliveryFee({ date: DATE, amountCents: fee }));
  }
  if (order.refund !== null) {
    const refundCents = Math.max(1, Math.floor(((total - refunded) * order.refund) / 1000));
    const stillOwed = due();
    entries.push(
      postRefund({ date: DATE, amountCents: refundCents, stillOwedCents: stillOwed, paymentMethod: 'cash' }),
    );
    const handedBack = refundCents - Math.min(refundCents, Math.max(stillOwed, 0));
    refunded += refundCents;
    paid -= handedBack;
  }
  let commission = 0;
  const net = total - refunded;
  if (due() === 0 && net > 0) {
    commission = multiplyCents(net, Math.round(order.commissionPercent * 100), 10_000);
    if (commission > 0) {
      entries.push(postCommission({ date: DATE, amountCents: commission, paymentMethod: 'cash' }));
    }
  }
  return { entries, owed: due(), sales: net, money: paid - commission - fee, fee };
}

describe('an order in the books (properties)', () => {
  it('balances, reconciles cash, and owes what the order says is due', () => {
    fc.assert(
      fc.property(lifecycle, (order) => {
        const { entries, owed, sales, money, fee } = live(order);
        const sheet = balanceSheet(entries, { asOf: RANGE.endDate });
        expect(sheet.totalAssets).toBe(sheet.totalLiabilities + sheet.totalEquity);
        const by = balances(entries, { asOf: RANGE.endDate });
        expect(by.receivables ?? 0).toBe(owed);
        expect(sheet.assets.cash + sheet.assets.mobile_money + sheet.assets.bank).toBe(money);
        const income = incomeStatement(entries, RANGE);
        expect(income.income.produce_sales ?? 0).toBe(sales);
        expect(income.expenses.transport ?? 0).toBe(fee);
        const flow = cashFlow(entries, RANGE);
        expect(flow.closingCash - flow.openingCash).toBe(flow.netChange);
        expect(flow.netChange).toBe(money);
      }),
    );
  });

  it('leaves nothing behind when a cancelled order is reversed', () => {
    fc.assert(
      fc.property(lifecycle, (order) => {
        const { entries } = live({ ...order, cancelled: true, refund: null });
        const by = balances(entries, { asOf: RANGE.endDate });
        expect(Object.values(by).filter((v) => v !== 0)).toEqual([]);
      }),
    );
  });
});
