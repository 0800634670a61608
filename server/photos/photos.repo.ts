// Reads and writes of the photos table.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { photos } from './photos.schema';

export type PhotoRow = typeof photos.$inferSelect;
export type PhotoOwnerKind = PhotoRow['ownerKind'];

export async function insertPhotos(tx: Tx, rows: (typeof photos.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(photos).values(rows).onConflictDoNothing();
  }
}

/** The photo with this hash among those of the given owners, or null. */
export async function photoByHash(
  db: Tx,
  where: { ownerKind: PhotoOwnerKind; ownerIds: readonly number[]; hash: string },
): Promise<Pick<PhotoRow, 'hash' | 'mime' | 'bytes'> | null> {
  if (where.ownerIds.length === 0) {
    return null;
  }
  const [row] = await db
    .select({ hash: photos.hash, mime: photos.mime, bytes: photos.bytes })
    .from(photos)
    .where(
      and(
        eq(photos.ownerKind, where.ownerKind),
        inArray(photos.ownerId, [...where.ownerIds]),
        eq(photos.hash, where.hash),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The hashes of each owner's photos, in the order they were stored (first is the one a card shows). */
export async function photoHashesOf(
  db: Tx,
  ownerKind: PhotoOwnerKind,
  ownerIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byOwner = new Map<number, string[]>();
  if (ownerIds.length === 0) {
    return byOwner;
  }
  const rows = await db
    .select({ ownerId: photos.ownerId, hash: photos.hash })
    .from(photos)
    .where(and(eq(photos.ownerKind, ownerKind), inArray(photos.ownerId, [...ownerIds])))
    .orderBy(photos.id);
  for (const row of rows) {
    byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row.hash]);
  }
  return byOwner;
}

/** How many photos an owner has (a lot, a listing or a post carries at most PHOTOS_PER_ITEM). */
export async function photoCountOf(db: Tx, ownerKind: PhotoOwnerKind, ownerId: number): Promise<number> {
  const rows = await db
    .select({ hash: photos.hash })
    .from(photos)
    .where(and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, ownerId)));
  return rows.length;
}
