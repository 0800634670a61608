// What other modules may ask of orders, by name (the orders tables stay this module's).
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders } from './orders.schema';

/** What the buyer has paid on the trade's order (0 when it has none). */
export async function paidCentsOfTrade(db: Tx, tradeId: number): Promise<number> {
  const [row] = await db.select({ paid: orders.paidCents }).from(orders).where(eq(orders.tradeId, tradeId));
  return row?.paid ?? 0;
}

/** The id of the trade's order, or null. */
export async function orderIdOfTrade(db: Tx, tradeId: number): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.tradeId, tradeId));
  return row?.id ?? null;
}
