// Queries of a farm's stored reports and projection scenarios.
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { projectionScenarios, reports } from './finance.schema';

export type ReportRow = typeof reports.$inferSelect;
export type ScenarioRow = typeof projectionScenarios.$inferSelect;

export async function insertReport(db: Tx, values: typeof reports.$inferInsert) {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) {
    throw new Error('report insert returned nothing');
  }
  return row;
}

export async function listReports(db: Tx, farmId: number, limit: number): Promise<ReportRow[]> {
  return db.select().from(reports).where(eq(reports.farmId, farmId)).orderBy(desc(reports.id)).limit(limit);
}

export async function findReport(db: Tx, farmId: number, reportId: number): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.farmId, farmId), eq(reports.id, reportId)))
    .limit(1);
  return row ?? null;
}

export async function insertScenario(db: Tx, values: typeof projectionScenarios.$inferInsert) {
  const [row] = await db.insert(projectionScenarios).values(values).returning();
  if (!row) {
    throw new Error('scenario insert returned nothing');
  }
  return row;
}

export async function listScenarios(db: Tx, farmId: number): Promise<ScenarioRow[]> {
  return db
    .select()
    .from(projectionScenarios)
    .where(eq(projectionScenarios.farmId, farmId))
    .orderBy(desc(projectionScenarios.id))
    .limit(20);
}
