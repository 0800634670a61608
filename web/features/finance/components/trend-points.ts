// The overview chart's data: recent transactions (not reversed) summed per day, income positive, expenses negative.
import type { TTransaction } from '../../../../contract/finance';
import { centsToDecimal, parseMoneyToCents } from '../../../../contract/money';

export interface TrendPoint {
  date: string;
  amount: number;
}

export function trendPoints(transactions: readonly TTransaction[]): TrendPoint[] {
  const byDate = new Map<string, number>();
  for (const transaction of transactions) {
    if (transaction.reversed) {
      continue;
    }
    const cents = parseMoneyToCents(transaction.amount) ?? 0;
    const signed = transaction.type === 'income' ? cents : 0 - cents;
    byDate.set(transaction.date, (byDate.get(transaction.date) ?? 0) + signed);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, cents]) => ({ date, amount: centsToDecimal(cents) }));
}
