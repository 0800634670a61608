// Queries for stored analytics results.
import { desc, eq } from 'drizzle-orm';
import type { AnalyticsType } from '../../../contract/crops';
import type { Tx } from '../../db/client';
import { farmAnalytics } from '../farms.schema';

export type AnalyticsRow = typeof farmAnalytics.$inferSelect;

export async function insertAnalytics(
  db: Tx,
  item: { farmId: number; type: AnalyticsType; data: Record<string, unknown>; createdBy: number | null },
): Promise<AnalyticsRow> {
  const [row] = await db.insert(farmAnalytics).values(item).returning();
  if (!row) {
    throw new Error('analytics insert returned nothing');
  }
  return row;
}

export async function latestAnalytics(db: Tx, farmId: number, limit: number): Promise<AnalyticsRow[]> {
  return db
    .select()
    .from(farmAnalytics)
    .where(eq(farmAnalytics.farmId, farmId))
    .orderBy(desc(farmAnalytics.createdAt), desc(farmAnalytics.id))
    .limit(limit);
}
