// What other modules may ask of farms, by name (the farms tables stay this module's).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FarmMemberRole } from '../../contract/farms';
import type { Tx } from '../db/client';
import { farmMembers, farms, sensorReadings } from './farms.schema';

/** The user's first farm (the one whose books get their sales by default), or null. */
export async function firstFarmIdOf(db: Tx, ownerId: number): Promise<number | null> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(eq(farms.ownerId, ownerId))
    .orderBy(asc(farms.id))
    .limit(1);
  return farm?.id ?? null;
}

/** Whether the farm exists and belongs to this user. */
export async function isFarmOwnedBy(db: Tx, farmId: number, ownerId: number): Promise<boolean> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.ownerId, ownerId)));
  return farm !== undefined;
}

/** The farm and the user's role on it, or null when the farm does not exist or the user is no member. */
export async function farmWithRole(
  db: Tx,
  farmId: number,
  userId: number,
): Promise<{ farm: typeof farms.$inferSelect; role: FarmMemberRole | null } | null> {
  const [row] = await db
    .select({ farm: farms, role: farmMembers.role })
    .from(farms)
    .leftJoin(farmMembers, and(eq(farmMembers.farmId, farms.id), eq(farmMembers.userId, userId)))
    .where(eq(farms.id, farmId))
    .limit(1);
  return row ?? null;
}

/** Whether the user belongs to the farm (any role). */
export async function isFarmMember(db: Tx, farmId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: farmMembers.userId })
    .from(farmMembers)
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The farms the user belongs to, and those owned by `ownerIds` (the farmers an agent represents), by id. */
export async function farmsReachedBy(
  db: Tx,
  userId: number,
  ownerIds: readonly number[],
): Promise<{ id: number; name: string; ownerId: number }[]> {
  const owners = ownerIds.length > 0 ? inArray(farms.ownerId, [...ownerIds]) : undefined;
  const members = db
    .select({ farmId: farmMembers.farmId })
    .from(farmMembers)
    .where(eq(farmMembers.userId, userId));
  return db
    .select({ id: farms.id, name: farms.name, ownerId: farms.ownerId })
    .from(farms)
    .where(or(inArray(farms.id, members), owners))
    .orderBy(asc(farms.id));
}

/** Days of temperature the warmth of a farm is measured over: the month before its latest reading. */
const WARMTH_DAYS = 30;

/**
 * The farm's mean air temperature (°C) over the month before its latest temperature reading, and on how many days
 * it was read; null when it has none (the crop calendar then keeps the table's lengths).
 */
export async function recentMeanTemperature(
  db: Tx,
  farmId: number,
): Promise<{ mean: number; days: number } | null> {
  const [row] = await db
    .select({
      mean: sql<number | null>`avg(${sensorReadings.value})::float8`,
      days: sql<number>`count(distinct date_trunc('day', ${sensorReadings.ts}))::int`,
    })
    .from(sensorReadings)
    .where(
      and(
        eq(sensorReadings.farmId, farmId),
        eq(sensorReadings.type, 'temperature'),
        sql`${sensorReadings.ts} > (select max(ts) from ${sensorReadings} where farm_id = ${farmId} and type = 'temperature') - make_interval(days => ${WARMTH_DAYS})`,
      ),
    );
  return row?.mean === null || row?.mean === undefined
    ? null
    : { mean: Number(row.mean), days: Number(row.days) };
}
