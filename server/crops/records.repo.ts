// Queries for what is recorded against a plan: inputs used, harvests taken, and the money links of the farm.
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { planHarvests, planInputs, planMoneyLinks } from './crops.schema';

export type InputRow = typeof planInputs.$inferSelect & { recordedByName: string | null };
export type HarvestRow = typeof planHarvests.$inferSelect & { recordedByName: string | null };
export type LinkRow = typeof planMoneyLinks.$inferSelect;

export async function insertInput(db: Tx, values: typeof planInputs.$inferInsert) {
  const [row] = await db.insert(planInputs).values(values).returning();
  if (!row) {
    throw new Error('input insert returned nothing');
  }
  return row;
}

export async function inputsOfPlan(db: Tx, planId: number): Promise<InputRow[]> {
  const rows = await db
    .select({ input: planInputs, recordedByName: users.username })
    .from(planInputs)
    .leftJoin(users, eq(users.id, planInputs.recordedBy))
    .where(eq(planInputs.planId, planId))
    .orderBy(asc(planInputs.date), asc(planInputs.id));
  return rows.map((r) => ({ ...r.input, recordedByName: r.recordedByName }));
}

/** Whether an input already stands for this transaction. */
export async function inputOfTransaction(db: Tx, transactionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planInputs.id })
    .from(planInputs)
    .where(eq(planInputs.transactionId, transactionId))
    .limit(1);
  return row !== undefined;
}

export async function insertHarvest(db: Tx, values: typeof planHarvests.$inferInsert) {
  const [row] = await db.insert(planHarvests).values(values).returning();
  if (!row) {
    throw new Error('harvest insert returned nothing');
  }
  return row;
}

export async function harvestsOfPlan(db: Tx, planId: number): Promise<HarvestRow[]> {
  const rows = await db
    .select({ harvest: planHarvests, recordedByName: users.username })
    .from(planHarvests)
    .leftJoin(users, eq(users.id, planHarvests.recordedBy))
    .where(eq(planHarvests.planId, planId))
    .orderBy(asc(planHarvests.date), asc(planHarvests.id));
  return rows.map((r) => ({ ...r.harvest, recordedByName: r.recordedByName }));
}

/** The first harvest day of each of the farm's plans of `crop` that has one (sales after it may be the plan's). */
export async function firstHarvestDays(db: Tx, farmId: number, crop: string) {
  const result = await db.execute(sql`
    select p.id as plan_id, min(h.date)::text as first_day
    from crop_plans p join plan_harvests h on h.plan_id = p.id
    where p.farm_id = ${farmId} and p.crop = ${crop}
    group by p.id
    order by 2, 1`);
  return rowsOf<{ plan_id: number; first_day: string }>(result).map((r) => ({
    planId: Number(r.plan_id),
    firstDay: String(r.first_day).slice(0, 10),
  }));
}

export async function linksOfFarm(db: Tx, farmId: number): Promise<LinkRow[]> {
  return db.select().from(planMoneyLinks).where(eq(planMoneyLinks.farmId, farmId));
}

/** Sets which plan (or none) a piece of money belongs to. */
export async function setLink(db: Tx, link: LinkRow): Promise<void> {
  await db
    .insert(planMoneyLinks)
    .values(link)
    .onConflictDoUpdate({
      target: [planMoneyLinks.source, planMoneyLinks.sourceId],
      set: { planId: link.planId, farmId: link.farmId },
    });
}
