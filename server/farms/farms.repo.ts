// Queries for farms and their members.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FarmMemberRole } from '../../contract/farms';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { farmAlerts, farmMembers, farms } from './farms.schema';

type NewFarm = typeof farms.$inferInsert;

export async function listFarmsOf(db: Tx, userId: number) {
  return db
    .select({ farm: farms, role: farmMembers.role })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(eq(farmMembers.userId, userId))
    .orderBy(asc(farms.id));
}

export async function insertFarm(db: Tx, farm: NewFarm) {
  const [row] = await db.insert(farms).values(farm).returning();
  if (!row) {
    throw new Error('farm insert returned nothing');
  }
  await db.insert(farmMembers).values({ farmId: row.id, userId: farm.ownerId, role: 'owner' });
  return row;
}

export async function updateFarm(db: Tx, id: number, changes: Partial<NewFarm>) {
  const [row] = await db.update(farms).set(changes).where(eq(farms.id, id)).returning();
  return row ?? null;
}

export async function upsertMember(db: Tx, farmId: number, userId: number, role: FarmMemberRole) {
  const [row] = await db
    .insert(farmMembers)
    .values({ farmId, userId, role })
    .onConflictDoUpdate({ target: [farmMembers.farmId, farmMembers.userId], set: { role } })
    .returning();
  return row ?? null;
}

/** Deletes a membership other than the owner's; null when the user is no (removable) member of the farm. */
export async function deleteMember(db: Tx, farmId: number, userId: number) {
  const [row] = await db
    .delete(farmMembers)
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId), ne(farmMembers.role, 'owner')))
    .returning();
  return row ?? null;
}

export async function listMembers(db: Tx, farmId: number) {
  return db
    .select({ member: farmMembers, username: users.username })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .where(eq(farmMembers.farmId, farmId))
    .orderBy(asc(farmMembers.createdAt));
}

export async function findFarm(db: Tx, id: number) {
  const [row] = await db.select().from(farms).where(eq(farms.id, id));
  return row ?? null;
}

type FarmAlertRow = Pick<typeof farmAlerts.$inferSelect, 'kind' | 'day' | 'details'>;

/** Stores the alerts; returns only those not stored before (one per farm, kind and day). */
export async function insertNewFarmAlerts(
  tx: Tx,
  farmId: number,
  alerts: readonly FarmAlertRow[],
): Promise<FarmAlertRow[]> {
  if (alerts.length === 0) {
    return [];
  }
  return tx
    .insert(farmAlerts)
    .values(alerts.map((a) => ({ farmId, ...a })))
    .onConflictDoNothing({ target: [farmAlerts.farmId, farmAlerts.kind, farmAlerts.day] })
    .returning({ kind: farmAlerts.kind, day: farmAlerts.day, details: farmAlerts.details });
}
