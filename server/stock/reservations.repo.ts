// Which listing holds how much of which lot: the marketplace's reservations, kept by the stock module so a lot
// knows what is promised to buyers.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { lotReservations, lots, stores } from './stock.schema';

export type ReservationRow = typeof lotReservations.$inferSelect;

export async function reservationOf(db: Tx, listingId: number): Promise<ReservationRow | null> {
  const [row] = await db
    .select()
    .from(lotReservations)
    .where(eq(lotReservations.listingId, listingId))
    .limit(1);
  return row ?? null;
}

export async function insertReservation(db: Tx, values: ReservationRow): Promise<void> {
  await db.insert(lotReservations).values(values);
}

/** Sets a listing's reservation to `kg` (0 once sold or withdrawn: the row still says which lot it sold from). */
export async function setReservation(db: Tx, listingId: number, kg: number): Promise<void> {
  await db.update(lotReservations).set({ quantityKg: kg }).where(eq(lotReservations.listingId, listingId));
}

export async function reservationsOfLot(db: Tx, lotId: number): Promise<ReservationRow[]> {
  return db
    .select()
    .from(lotReservations)
    .where(sql`${lotReservations.lotId} = ${lotId} and ${lotReservations.quantityKg} > 0`)
    .orderBy(lotReservations.listingId);
}

/** What buyers see of the lots behind listings: its moisture and where it is kept. */
export async function stockOfListingRows(db: Tx, listingIds: readonly number[]) {
  if (listingIds.length === 0) {
    return [];
  }
  return db
    .select({
      listingId: lotReservations.listingId,
      lotId: lots.id,
      moistureTenths: lots.moistureTenths,
      store: stores.name,
      storeKind: stores.kind,
      location: stores.location,
    })
    .from(lotReservations)
    .innerJoin(lots, eq(lots.id, lotReservations.lotId))
    .innerJoin(stores, eq(stores.id, lots.storeId))
    .where(inArray(lotReservations.listingId, [...listingIds]));
}
