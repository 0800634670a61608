// What other modules may ask of farms, by name (the farms tables stay this module's).
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { farms } from './farms.schema';

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
