// Queries for plots and crop plans.
import { and, asc, desc, eq, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PlanStatus } from '../../contract/crop-plans';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { cropPlans, cropTasks, planHarvests, plots } from './crops.schema';

export type PlotRow = typeof plots.$inferSelect;
export type PlanRow = typeof cropPlans.$inferSelect;
/** A plan with its plot's name and the name of whoever recorded it. */
export type PlanWithNames = PlanRow & { plotName: string; recordedByName: string | null };

// ---- Plots ----

export async function plotsOfFarm(db: Tx, farmId: number): Promise<PlotRow[]> {
  return db.select().from(plots).where(eq(plots.farmId, farmId)).orderBy(asc(plots.id));
}

export async function plotOfFarm(
  db: Tx,
  farmId: number,
  plotId: number,
  lock = false,
): Promise<PlotRow | null> {
  const query = db
    .select()
    .from(plots)
    .where(and(eq(plots.id, plotId), eq(plots.farmId, farmId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Hectares the farm's plots (not archived) take, leaving out `exceptPlotId`. */
export async function plottedArea(db: Tx, farmId: number, exceptPlotId: number | null): Promise<number> {
  const [row] = await db
    .select({ area: sql<number>`coalesce(sum(${plots.areaHa}), 0)::float8` })
    .from(plots)
    .where(
      and(
        eq(plots.farmId, farmId),
        isNull(plots.archivedAt),
        exceptPlotId === null ? undefined : ne(plots.id, exceptPlotId),
      ),
    );
  return Number(row?.area ?? 0);
}

export async function insertPlot(db: Tx, values: typeof plots.$inferInsert): Promise<PlotRow> {
  const [row] = await db.insert(plots).values(values).returning();
  if (!row) {
    throw new Error('plot insert returned nothing');
  }
  return row;
}

export async function updatePlot(
  db: Tx,
  id: number,
  values: Partial<Pick<PlotRow, 'name' | 'areaHa' | 'archivedAt'>>,
): Promise<PlotRow> {
  const [row] = await db.update(plots).set(values).where(eq(plots.id, id)).returning();
  if (!row) {
    throw new Error('plot update returned nothing');
  }
  return row;
}

/** Serialises changes to one farm's plots (their total is bounded by the farm's size). */
export async function lockFarmPlots(db: Tx, farmId: number): Promise<void> {
  await db.execute(sql`select id from farms where id = ${farmId} for update`);
}

// ---- Plans ----

const planColumns = {
  plan: cropPlans,
  plotName: plots.name,
  recordedByName: users.username,
};

function withNames(
  rows: { plan: PlanRow; plotName: string; recordedByName: string | null }[],
): PlanWithNames[] {
  return rows.map((r) => ({ ...r.plan, plotName: r.plotName, recordedByName: r.recordedByName }));
}

/** `status` as people see it: a planned plan whose planting date has passed (≤ today) is active. */
function statusIs(status: PlanStatus, today: string): SQL {
  if (status === 'active') {
    return sql`(${cropPlans.status} = 'active' or (${cropPlans.status} = 'planned' and ${cropPlans.plantingDate} <= ${today}::date))`;
  }
  if (status === 'planned') {
    return sql`(${cropPlans.status} = 'planned' and ${cropPlans.plantingDate} > ${today}::date)`;
  }
  return eq(cropPlans.status, status);
}

export async function plansOfFarm(
  db: Tx,
  farmId: number,
  filter: { from: string | null; to: string | null; status: PlanStatus | null; today: string },
): Promise<PlanWithNames[]> {
  const rows = await db
    .select(planColumns)
    .from(cropPlans)
    .innerJoin(plots, eq(plots.id, cropPlans.plotId))
    .leftJoin(users, eq(users.id, cropPlans.recordedBy))
    .where(
      and(
        eq(cropPlans.farmId, farmId),
        filter.from ? gte(cropPlans.plantingDate, filter.from) : undefined,
        filter.to ? lte(cropPlans.plantingDate, filter.to) : undefined,
        filter.status ? statusIs(filter.status, filter.today) : undefined,
      ),
    )
    .orderBy(desc(cropPlans.plantingDate), desc(cropPlans.id));
  return withNames(rows);
}

export async function planById(db: Tx, planId: number, lock = false): Promise<PlanWithNames | null> {
  const query = db
    .select(planColumns)
    .from(cropPlans)
    .innerJoin(plots, eq(plots.id, cropPlans.plotId))
    .leftJoin(users, eq(users.id, cropPlans.recordedBy))
    .where(eq(cropPlans.id, planId));
  const rows = lock ? await query.for('update', { of: cropPlans }) : await query;
  return withNames(rows)[0] ?? null;
}

export async function insertPlan(db: Tx, values: typeof cropPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(cropPlans).values(values).returning();
  if (!row) {
    throw new Error('plan insert returned nothing');
  }
  return row;
}

export async function updatePlan(
  db: Tx,
  id: number,
  values: Partial<Omit<typeof cropPlans.$inferInsert, 'id' | 'farmId'>>,
): Promise<void> {
  await db.update(cropPlans).set(values).where(eq(cropPlans.id, id));
}

/** Plans still waiting for their calendar (the farm's single crop, carried over by the migration). */
export async function plansWithoutCalendar(db: Tx, limit: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(cropPlans)
    .where(isNull(cropPlans.calendar))
    .orderBy(asc(cropPlans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Per plan: open tasks and those of them overdue on `today`. */
export async function taskCounts(
  db: Tx,
  planIds: readonly number[],
  today: string,
): Promise<Map<number, { open: number; overdue: number; done: number }>> {
  if (planIds.length === 0) {
    return new Map();
  }
  const result = await db.execute(sql`
    select plan_id,
           count(*) filter (where status = 'open')::int as open,
           count(*) filter (where status = 'open' and due < ${today}::date)::int as overdue,
           count(*) filter (where status = 'done')::int as done
    from ${cropTasks}
    where plan_id = any(array[${sql.join(
      planIds.map((id) => sql`${id}::int`),
      sql`, `,
    )}])
    group by plan_id`);
  const rows = rowsOf<{ plan_id: number; open: number; overdue: number; done: number }>(result);
  return new Map(rows.map((r) => [Number(r.plan_id), { open: r.open, overdue: r.overdue, done: r.done }]));
}

/** Per plan: kilograms harvested. */
export async function harvestedKg(db: Tx, planIds: readonly number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ planId: planHarvests.planId, kg: sql<number>`sum(${planHarvests.quantityKg})::int` })
    .from(planHarvests)
    .where(
      sql`${planHarvests.planId} = any(array[${sql.join(
        planIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}])`,
    )
    .groupBy(planHarvests.planId);
  return new Map(rows.map((r) => [r.planId, Number(r.kg)]));
}

/** The farm's closed plans of `crops` with their yield (t/ha): what calibrates the next estimates. */
export async function ownYields(db: Tx, farmId: number, crops: readonly string[]) {
  if (crops.length === 0) {
    return [];
  }
  const result = await db.execute(sql`
    select p.id, p.crop, sum(h.quantity_kg)::float8 / p.area_ha / 1000 as t_per_ha
    from ${cropPlans} p join ${planHarvests} h on h.plan_id = p.id
    where p.farm_id = ${farmId} and p.status = 'harvested'
      and p.crop = any(array[${sql.join(
        crops.map((c) => sql`${c}::text`),
        sql`, `,
      )}])
    group by p.id, p.crop, p.area_ha`);
  return rowsOf<{ id: number; crop: string; t_per_ha: number }>(result).map((r) => ({
    planId: Number(r.id),
    crop: r.crop,
    perHectare: Number(r.t_per_ha),
  }));
}

/** The plan growing on each plot now (planned or active, latest first). */
export async function currentPlans(db: Tx, farmId: number): Promise<Map<number, PlanRow>> {
  const rows = await db
    .select()
    .from(cropPlans)
    .where(and(eq(cropPlans.farmId, farmId), sql`${cropPlans.status} in ('planned', 'active')`))
    .orderBy(desc(cropPlans.plantingDate), desc(cropPlans.id));
  const byPlot = new Map<number, PlanRow>();
  for (const row of rows) {
    if (!byPlot.has(row.plotId)) {
      byPlot.set(row.plotId, row);
    }
  }
  return byPlot;
}
