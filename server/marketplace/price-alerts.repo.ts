// Queries of price alerts, and the one update that decides which alerts a new market price fires.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { priceAlerts } from './catalogue.schema';
import { trades } from './marketplace.schema';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;

export async function listAlertsOf(db: Tx, userId: number, limit: number): Promise<PriceAlertRow[]> {
  return db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(asc(priceAlerts.id))
    .limit(limit);
}

export async function countAlertsOf(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
  return row?.n ?? 0;
}

/** The alert, new or the user's same one already there (asking twice keeps one). */
export async function upsertAlert(tx: Tx, row: typeof priceAlerts.$inferInsert): Promise<PriceAlertRow> {
  const [created] = await tx
    .insert(priceAlerts)
    .values(row)
    .onConflictDoUpdate({
      target: [priceAlerts.userId, priceAlerts.marketKey, priceAlerts.thresholdCents],
      set: { lastSide: sql`excluded.last_side` },
    })
    .returning();
  if (!created) {
    throw new Error('price alert insert returned nothing');
  }
  return created;
}

export async function deleteAlert(tx: Tx, userId: number, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return deleted.length > 0;
}

export async function deleteAlertsOn(tx: Tx, userId: number, key: string): Promise<number> {
  const deleted = await tx
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.marketKey, key)))
    .returning({ id: priceAlerts.id });
  return deleted.length;
}

/** One market's trades, oldest first, as the market price rule reads them. */
export async function marketTrades(db: Tx, key: string) {
  return db
    .select({ priceCents: trades.priceCents, quantityKg: trades.quantityKg, at: trades.createdAt })
    .from(trades)
    .where(eq(trades.marketKey, key))
    .orderBy(asc(trades.createdAt), asc(trades.id));
}

export interface CrossedAlert {
  id: number;
  userId: number;
  thresholdCents: number;
  side: 'above' | 'below';
  /** Where it stood before: null when the market had no price at the alert's last check (nothing was crossed). */
  previous: 'above' | 'below' | null;
}

/**
 * Moves each of the market's alerts to the side of `priceCents` it now stands on and returns those that moved.
 * The rows are locked and re-read by whichever transaction gets them second, so one crossing moves an alert once,
 * whatever instance committed the trade.
 */
export async function moveAlerts(tx: Tx, key: string, priceCents: number): Promise<CrossedAlert[]> {
  const side = sql`(case when ${priceCents}::int >= a.threshold_cents then 'above' else 'below' end)`;
  return rowsOf<CrossedAlert>(
    await tx.execute(sql`
      with moved as (
        select a.id, a.last_side as previous from price_alerts a
        where a.market_key = ${key} and a.last_side is distinct from ${side}
        order by a.id
        for update
      )
      update price_alerts a set last_side = ${side}
      from moved where a.id = moved.id and a.last_side is not distinct from moved.previous
      returning a.id, a.user_id as "userId", a.threshold_cents as "thresholdCents", a.last_side as side,
        moved.previous`),
  );
}
