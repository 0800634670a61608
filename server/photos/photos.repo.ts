// Reads and writes of the photos table.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
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
): Promise<Pick<PhotoRow, 'ownerId' | 'hash' | 'mime' | 'bytes'> | null> {
  if (where.ownerIds.length === 0) {
    return null;
  }
  const [row] = await db
    .select({ ownerId: photos.ownerId, hash: photos.hash, mime: photos.mime, bytes: photos.bytes })
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

/** The full pictures of these owners with their thumbnails' hashes, in the order they were stored. */
export async function fullPhotosOf(
  db: Tx,
  ownerKind: PhotoOwnerKind,
  ownerIds: readonly number[],
): Promise<{ ownerId: number; hash: string; thumbHash: string | null }[]> {
  if (ownerIds.length === 0) {
    return [];
  }
  return db
    .select({ ownerId: photos.ownerId, hash: photos.hash, thumbHash: photos.thumbHash })
    .from(photos)
    .where(
      and(
        eq(photos.ownerKind, ownerKind),
        inArray(photos.ownerId, [...ownerIds]),
        eq(photos.variant, 'full'),
      ),
    )
    .orderBy(asc(photos.id));
}

/** How many full pictures one owner has. */
export async function countFullPhotos(db: Tx, ownerKind: PhotoOwnerKind, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, ownerId), eq(photos.variant, 'full')));
  return row?.n ?? 0;
}

/** Every photo of one owner, gone with it: answers the hashes of those whose bytes were not in their row. */
export async function deletePhotosOfOwner(
  tx: Tx,
  ownerKind: PhotoOwnerKind,
  ownerId: number,
): Promise<string[]> {
  const rows = await tx
    .delete(photos)
    .where(and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, ownerId)))
    .returning({ hash: photos.hash, size: sql<number>`octet_length(${photos.bytes})` });
  return rows.filter((row) => Number(row.size) === 0).map((row) => row.hash);
}

/** Which of these hashes one owner still has photos of. */
export async function hashesStillHeld(
  db: Tx,
  ownerKind: PhotoOwnerKind,
  ownerId: number,
  hashes: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ hash: photos.hash })
    .from(photos)
    .where(
      and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, ownerId), inArray(photos.hash, [...hashes])),
    );
  return rows.map((row) => row.hash);
}
