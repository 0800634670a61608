// A marketplace write in its transaction, and what it drops from this instance's read model once it commits.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { marketModel } from './market-model';

/**
 * Runs a marketplace write and drops what it changed from this instance's read model at once (other instances
 * hear the transaction's events): a listing or trade changes the facts and the bid index, a request neither.
 * (Placing a bid is one statement of its own and drops only the bid index.)
 */
export async function marketWrite<T>(
  ctx: AppContext,
  work: (tx: Tx) => Promise<T>,
  changes: 'listings' | 'requests',
): Promise<T> {
  const result = await ctx.db.transaction(work);
  if (changes === 'listings') {
    marketModel.of(ctx).dropAll();
  }
  return result;
}
