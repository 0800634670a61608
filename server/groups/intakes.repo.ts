// Intakes: a co-operative's record of each member's delivery and of the entries reversing them.
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { intakes, settledOrders, settlements } from './groups.schema';

export type IntakeRow = typeof intakes.$inferSelect;

/** The next intake's id, taken before its lot is found or made (the lot names the intake that started it). */
export async function nextIntakeId(db: Tx): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select nextval('intakes_id_seq')::int as id`));
  if (!row) {
    throw new Error('no intake id');
  }
  return Number(row.id);
}

/** Inserts unless the reference is taken in the group (null: draw another). */
export async function insertIntake(db: Tx, values: typeof intakes.$inferInsert): Promise<IntakeRow | null> {
  const [row] = await db.insert(intakes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function intakeOfGroup(db: Tx, groupId: number, id: number): Promise<IntakeRow | null> {
  const [row] = await db
    .select()
    .from(intakes)
    .where(and(eq(intakes.groupId, groupId), eq(intakes.id, id)))
    .for('update');
  return row ?? null;
}

export async function referenceOf(db: Tx, id: number): Promise<string | null> {
  const [row] = await db.select({ reference: intakes.reference }).from(intakes).where(eq(intakes.id, id));
  return row?.reference ?? null;
}

export async function reversalOf(db: Tx, intakeId: number): Promise<IntakeRow | null> {
  const [row] = await db.select().from(intakes).where(eq(intakes.reversalOf, intakeId));
  return row ?? null;
}

const member = alias(users, 'member');
const recorder = alias(users, 'recorder');

export interface IntakeView {
  intake: IntakeRow;
  memberName: string;
  recorderName: string | null;
  storeName: string;
  reversedBy: number | null;
}

export async function intakePage(
  db: Tx,
  groupId: number,
  filter: {
    memberId?: number | undefined;
    lotId?: number | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<IntakeView[]> {
  return intakeViews(
    db,
    and(
      eq(intakes.groupId, groupId),
      filter.memberId === undefined ? undefined : eq(intakes.memberId, filter.memberId),
      filter.lotId === undefined ? undefined : eq(intakes.lotId, filter.lotId),
      filter.cursor === undefined ? undefined : lt(intakes.id, filter.cursor),
    ),
    filter.limit + 1,
  );
}

export async function intakeViewOf(db: Tx, id: number): Promise<IntakeView> {
  const [row] = await intakeViews(db, eq(intakes.id, id), 1);
  if (!row) {
    throw new Error(`intake ${id} vanished`);
  }
  return row;
}

function intakeViews(db: Tx, where: ReturnType<typeof and>, limit: number): Promise<IntakeView[]> {
  return db
    .select({
      intake: intakes,
      memberName: member.username,
      recorderName: recorder.username,
      storeName: sql<string>`(select s.name from stores s where s.id = ${intakes.storeId})`,
      reversedBy: sql<number | null>`(select r.id from intakes r where r.reversal_of = ${intakes.id})`,
    })
    .from(intakes)
    .innerJoin(member, eq(member.id, intakes.memberId))
    .leftJoin(recorder, eq(recorder.id, intakes.recordedBy))
    .where(where)
    .orderBy(desc(intakes.id))
    .limit(limit);
}

/** Each member's net delivery (kg) into each of the lots. */
export async function contributionsTo(
  db: Tx,
  lotIds: readonly number[],
): Promise<{ lotId: number; memberId: number; username: string; kg: number }[]> {
  if (lotIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({
      lotId: intakes.lotId,
      memberId: intakes.memberId,
      username: member.username,
      kg: sql<number>`sum(${intakes.quantityKg})::int`,
    })
    .from(intakes)
    .innerJoin(member, eq(member.id, intakes.memberId))
    .where(inArray(intakes.lotId, [...lotIds]))
    .groupBy(intakes.lotId, intakes.memberId, member.username)
    .orderBy(intakes.lotId, intakes.memberId);
  return rows.filter((r) => r.kg > 0);
}

/** Whether any of the lot's sales is in an approved settlement (its shares are paid: intakes into it are final). */
export async function lotSettled(db: Tx, lotId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.status, 'approved'), sql`${lotId} = any(${settlements.lotIds})`))
    .limit(1);
  return row !== undefined;
}

/** The orders already shared out by an approved settlement. */
export async function settledOrderIds(db: Tx, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ orderId: settledOrders.orderId })
    .from(settledOrders)
    .where(inArray(settledOrders.orderId, [...orderIds]));
  return new Set(rows.map((r) => r.orderId));
}

/** A member's net deliveries per crop and grade. */
export async function deliveriesOf(db: Tx, groupId: number, memberId: number) {
  const rows = await db
    .select({
      crop: intakes.crop,
      grade: intakes.grade,
      kg: sql<number>`sum(${intakes.quantityKg})::int`,
    })
    .from(intakes)
    .where(and(eq(intakes.groupId, groupId), eq(intakes.memberId, memberId)))
    .groupBy(intakes.crop, intakes.grade)
    .orderBy(intakes.crop, intakes.grade);
  return rows.filter((r) => r.kg > 0);
}

/** Every member's net deliveries by season (the intake's year), lot, crop and grade, with the intakes counted. */
export async function contributionRows(db: Tx, groupId: number, season?: number) {
  return rowsOf<{
    member: string;
    season: number;
    lot: number;
    crop: string;
    grade: string;
    kg: number;
    intakes: number;
  }>(
    await db.execute(sql`
      select u.username as member, extract(year from i.date)::int as season, i.lot_id as lot, i.crop, i.grade,
        sum(i.quantity_kg)::int as kg, count(*) filter (where i.reversal_of is null)::int as intakes
      from intakes i join users u on u.id = i.member_id
      where i.group_id = ${groupId} ${season === undefined ? sql`` : sql`and extract(year from i.date) = ${season}`}
      group by u.username, season, i.lot_id, i.crop, i.grade
      order by u.username, season, i.lot_id`),
  );
}

/** The intakes of the days `from`–`to` that stand (not reversed since): how many, from how many members, their kg. */
export async function intakeTotalsOn(
  db: Tx,
  groupId: number,
  days: { from: string; to: string },
): Promise<{ intakes: number; members: number; kg: number }> {
  const [row] = rowsOf<{ intakes: number; members: number; kg: number }>(
    await db.execute(sql`
      select count(*)::int as intakes, count(distinct i.member_id)::int as members,
        coalesce(sum(i.quantity_kg), 0)::int as kg
      from intakes i
      where i.group_id = ${groupId} and i.date between ${days.from}::date and ${days.to}::date and i.reversal_of is null
        and not exists (select 1 from intakes r where r.reversal_of = i.id)`),
  );
  return row ?? { intakes: 0, members: 0, kg: 0 };
}
