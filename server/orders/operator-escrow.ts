// The operator's escrow view: its books' totals and the orders still holding money, read by managers (the one
// answer, in the catalogue's names of each reader's language at each answer), kept per instance until the books
// move (a `books` event, from every instance) or a minute passes.
import { KeyedCache } from '../cache/keyed-cache';
import type { AppContext } from '../context';
import { held } from '../module';
import { operatorBalancesByOrder, operatorLinesOf, operatorTotals } from '../payments';
import { commodityNamesOf } from './orders.repo';

/** A safety net only (events are the freshness rule). */
const MAX_AGE_MS = 60_000;

type OperatorEscrow = Awaited<ReturnType<typeof readEscrow>>;

const operatorEscrowCache = held('orders.operatorEscrow', (ctx) => {
  const cache = new KeyedCache<OperatorEscrow>({ maxEntries: 1, maxAgeMs: MAX_AGE_MS });
  cache.dropOn(ctx.bus, (event) => (event.type === 'books' ? 'all' : null));
  return cache;
});

/** Orders listed on the operator's escrow view, those holding most first. */
const ESCROW_ORDERS_SHOWN = 100;

/** The operator's books: its totals, and each order that still holds money with what it owes each side. */
export function operatorEscrow(ctx: AppContext): Promise<OperatorEscrow> {
  return operatorEscrowCache.of(ctx).get('escrow', () => readEscrow(ctx));
}

async function readEscrow(ctx: AppContext) {
  const [lines, balances] = await Promise.all([
    operatorLinesOf(ctx.db),
    operatorBalancesByOrder(ctx.db, ESCROW_ORDERS_SHOWN),
  ]);
  const byId = new Map<number, { escrow: number; owedToSellers: number; owedToBuyers: number }>();
  for (const b of balances) {
    const entry = byId.get(b.orderId) ?? { escrow: 0, owedToSellers: 0, owedToBuyers: 0 };
    if (b.account === 'escrow') {
      entry.escrow = b.balance;
    } else if (b.account === 'owed_to_sellers') {
      entry.owedToSellers = b.balance;
    } else {
      entry.owedToBuyers = b.balance;
    }
    byId.set(b.orderId, entry);
  }
  const names = await commodityNamesOf(ctx.db, [...byId.keys()]);
  const byOrder = [...byId.entries()].map(([orderId, b]) => ({
    orderId,
    commodity: names.get(orderId) ?? { marketKey: '', typed: '' },
    ...b,
  }));
  byOrder.sort(
    (a, b) =>
      b.escrow + b.owedToSellers + b.owedToBuyers - (a.escrow + a.owedToSellers + a.owedToBuyers) ||
      a.orderId - b.orderId,
  );
  return { totals: operatorTotals(lines), byOrder };
}
