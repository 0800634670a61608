// Queries for the tasks of farms: a plan's calendar, the farmer's own tasks, and the reminders sent for them.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskStatus } from '../../contract/crop-plans';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { cropPlans, cropTasks, plots } from './crops.schema';

export type TaskRow = typeof cropTasks.$inferSelect;
/** A task with the names it is shown with. */
export type TaskWithNames = TaskRow & {
  assigneeName: string | null;
  recordedByName: string | null;
  crop: string | null;
  plotName: string | null;
};

const assignees = alias(users, 'assignees');
const recorders = alias(users, 'recorders');

function selectTasks(db: Tx) {
  return db
    .select({
      task: cropTasks,
      assigneeName: assignees.username,
      recordedByName: recorders.username,
      crop: cropPlans.crop,
      plotName: plots.name,
    })
    .from(cropTasks)
    .leftJoin(assignees, eq(assignees.id, cropTasks.assigneeId))
    .leftJoin(recorders, eq(recorders.id, cropTasks.recordedBy))
    .leftJoin(cropPlans, eq(cropPlans.id, cropTasks.planId))
    .leftJoin(plots, eq(plots.id, cropPlans.plotId));
}

type Selected = {
  task: TaskRow;
  assigneeName: string | null;
  recordedByName: string | null;
  crop: string | null;
  plotName: string | null;
};
const flatten = (rows: Selected[]): TaskWithNames[] =>
  rows.map((r) => ({
    ...r.task,
    assigneeName: r.assigneeName,
    recordedByName: r.recordedByName,
    crop: r.crop,
    plotName: r.plotName,
  }));

export async function insertTasks(db: Tx, values: (typeof cropTasks.$inferInsert)[]): Promise<TaskRow[]> {
  if (values.length === 0) {
    return [];
  }
  return db.insert(cropTasks).values(values).returning();
}

export async function tasksOfFarms(
  db: Tx,
  farmIds: readonly number[],
  filter: { from: string | null; to: string | null; status: TaskStatus | null; limit: number },
): Promise<TaskWithNames[]> {
  if (farmIds.length === 0) {
    return [];
  }
  const rows = await selectTasks(db)
    .where(
      and(
        inArray(cropTasks.farmId, [...farmIds]),
        filter.from ? gte(cropTasks.due, filter.from) : undefined,
        filter.to ? lte(cropTasks.due, filter.to) : undefined,
        filter.status ? eq(cropTasks.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(cropTasks.due), asc(cropTasks.id))
    .limit(filter.limit);
  return flatten(rows);
}

export async function tasksOfPlan(db: Tx, planId: number): Promise<TaskWithNames[]> {
  return flatten(
    await selectTasks(db).where(eq(cropTasks.planId, planId)).orderBy(asc(cropTasks.due), asc(cropTasks.id)),
  );
}

export async function taskById(db: Tx, id: number): Promise<TaskWithNames | null> {
  return flatten(await selectTasks(db).where(eq(cropTasks.id, id)))[0] ?? null;
}

export async function lockTask(db: Tx, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(cropTasks).where(eq(cropTasks.id, id)).for('update');
  return row ?? null;
}

export async function updateTask(
  db: Tx,
  id: number,
  values: Partial<Pick<TaskRow, 'status' | 'doneAt' | 'note' | 'assigneeId' | 'recordedBy' | 'due'>>,
): Promise<void> {
  await db.update(cropTasks).set(values).where(eq(cropTasks.id, id));
}

/** Moves the plan's open tasks by `days` (a planting date moved); done and skipped tasks keep their dates. */
export async function shiftOpenTasks(db: Tx, planId: number, days: number): Promise<void> {
  await db
    .update(cropTasks)
    .set({ due: sql`${cropTasks.due} + ${days}::int` })
    .where(and(eq(cropTasks.planId, planId), eq(cropTasks.status, 'open')));
}

/** An abandoned plan's open tasks are skipped: nobody will do them. */
export async function skipOpenTasks(db: Tx, planId: number): Promise<void> {
  await db
    .update(cropTasks)
    .set({ status: 'skipped' })
    .where(and(eq(cropTasks.planId, planId), eq(cropTasks.status, 'open')));
}

/**
 * A final harvest: its harvest task is done that day, and the field work still open (scouting, weeding, spraying)
 * is skipped; drying and storage, and the farmer's own tasks, stay to do.
 */
export async function closeFieldTasks(db: Tx, planId: number, harvestDay: string): Promise<void> {
  await db
    .update(cropTasks)
    .set({ status: 'done', doneAt: harvestDay })
    .where(and(eq(cropTasks.planId, planId), eq(cropTasks.status, 'open'), eq(cropTasks.kind, 'harvest')));
  await db
    .update(cropTasks)
    .set({ status: 'skipped' })
    .where(
      and(
        eq(cropTasks.planId, planId),
        eq(cropTasks.status, 'open'),
        sql`${cropTasks.kind} not in ('drying_storage', 'custom')`,
      ),
    );
}

/** Whether the plan already has an open task of this kind due on this day (a spray task is added once). */
export async function hasOpenTask(
  db: Tx,
  planId: number,
  kind: TaskRow['kind'],
  due: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: cropTasks.id })
    .from(cropTasks)
    .where(
      and(
        eq(cropTasks.planId, planId),
        eq(cropTasks.kind, kind),
        eq(cropTasks.status, 'open'),
        gte(cropTasks.due, due),
      ),
    )
    .limit(1);
  return row !== undefined;
}
