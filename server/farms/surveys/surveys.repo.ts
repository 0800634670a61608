// Queries for field surveys.
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { farmSurveys } from '../farms.schema';

export type SurveyRow = typeof farmSurveys.$inferSelect;
type NewSurvey = typeof farmSurveys.$inferInsert;

export async function insertSurvey(db: Tx, survey: NewSurvey): Promise<SurveyRow> {
  const [row] = await db.insert(farmSurveys).values(survey).returning();
  if (!row) {
    throw new Error('survey insert returned nothing');
  }
  return row;
}

/** Newest first (by date, then id); `cursor` is the id of the last survey of the previous page. */
export async function listSurveys(
  db: Tx,
  farmId: number,
  options: { limit: number; cursor?: number | undefined },
): Promise<SurveyRow[]> {
  let after: SQL | undefined;
  if (options.cursor !== undefined) {
    const [last] = await db
      .select({ date: farmSurveys.date, id: farmSurveys.id })
      .from(farmSurveys)
      .where(and(eq(farmSurveys.farmId, farmId), eq(farmSurveys.id, options.cursor)));
    if (!last) {
      return [];
    }
    after = or(
      lt(farmSurveys.date, last.date),
      and(eq(farmSurveys.date, last.date), lt(farmSurveys.id, last.id)),
    );
  }
  return db
    .select()
    .from(farmSurveys)
    .where(and(eq(farmSurveys.farmId, farmId), after))
    .orderBy(desc(farmSurveys.date), desc(farmSurveys.id))
    .limit(options.limit);
}

/** Surveys dated on or after `from` (YYYY-MM-DD): the input of an analysis. */
export async function surveysSince(db: Tx, farmId: number, from: string | null): Promise<SurveyRow[]> {
  return db
    .select()
    .from(farmSurveys)
    .where(and(eq(farmSurveys.farmId, farmId), from === null ? undefined : gte(farmSurveys.date, from)))
    .orderBy(desc(farmSurveys.date), desc(farmSurveys.id))
    .limit(1000);
}
