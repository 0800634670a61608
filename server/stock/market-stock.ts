// What the modules above ask of stock, inside their own transactions: a listing's reservation of a lot (made,
// changed, freed), a sale out of it when a bid is accepted, its return when the order is cancelled, and a harvest's
// stored part made a lot in the farm's home store. Each quantity change is one conditional statement.

import type { Grade } from '../../contract/marketplace';
import { kgToTons } from '../../contract/quantity';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { AppError, conflict } from '../http/errors';
import { insertReservation, reservationOf, setReservation, stockOfListingRows } from './reservations.repo';
import {
  addQuantity,
  ensureHomeStore,
  insertLot,
  insertMovement,
  insertMovementOnce,
  type LotRow,
  lotRow,
  reserve,
  saleOfTrade,
  sellReserved,
} from './stock.repo';
import { lotNotFound } from './stock-access';
import { todayUtc } from './stock-dates';
import { publishStockChange } from './stock-events';

/**
 * Reserves `kg` of a lot for a new listing of `sellerId`'s: the lot must be theirs and graded, and that much free
 * (409 naming what is free). Answers the lot (its crop and grade: the listing's).
 */
export async function reserveForListing(
  tx: Tx,
  bus: EventBus,
  listing: { id: number; lotId: number; sellerId: number; kg: number },
): Promise<LotRow> {
  const lot = await lotRow(tx, listing.lotId);
  if (!lot || lot.ownerId !== listing.sellerId) {
    throw lotNotFound();
  }
  if (lot.grade === null) {
    throw conflict('stock.errors.ungraded');
  }
  const reserved = await reserve(tx, lot.id, listing.kg);
  if (!reserved) {
    throw pastFree(await lotRow(tx, lot.id));
  }
  await insertReservation(tx, { listingId: listing.id, lotId: lot.id, quantityKg: listing.kg });
  await publishStockChange(tx, bus, { storeId: lot.storeId });
  return reserved;
}

function pastFree(lot: LotRow | null): AppError {
  const quantity = lot?.quantityKg ?? 0;
  const reserved = lot?.reservedKg ?? 0;
  return conflict('stock.errors.pastFree', {
    free: kgToTons(quantity - reserved),
    reserved: kgToTons(reserved),
  });
}

/**
 * A listing was edited (`kg`: what it now offers, 0 when withdrawn; `grade`: its grade now): its reservation follows,
 * never past what is free, and an open listing keeps its lot's grade (400 otherwise: the lot is what buyers get). A
 * listing not from a lot is left alone.
 */
export async function setListingReservation(
  tx: Tx,
  bus: EventBus,
  listing: { id: number; kg: number; grade: Grade },
): Promise<void> {
  const held = await reservationOf(tx, listing.id);
  if (!held) {
    return;
  }
  if (listing.kg > 0) {
    const drawn = await lotRow(tx, held.lotId);
    if (drawn && drawn.grade !== listing.grade) {
      throw new AppError('badRequest', 'stock.errors.gradeMismatch', { grade: drawn.grade ?? '' }, {}, [
        'grade',
      ]);
    }
  }
  if (held.quantityKg === listing.kg) {
    return;
  }
  const lot = await reserve(tx, held.lotId, listing.kg - held.quantityKg);
  if (!lot) {
    throw pastFree(await lotRow(tx, held.lotId));
  }
  await setReservation(tx, listing.id, listing.kg);
  await publishStockChange(tx, bus, { storeId: lot.storeId });
}

/** A bid on a listing from a lot was accepted: the sold kilograms leave the lot (and its reservation) as a sale. */
export async function sellFromListing(
  tx: Tx,
  bus: EventBus,
  sale: { listingId: number; kg: number; tradeId: number; orderId: number; by: number },
): Promise<void> {
  const held = await reservationOf(tx, sale.listingId);
  if (!held) {
    return;
  }
  const lot = await sellReserved(tx, held.lotId, sale.kg);
  if (!lot || held.quantityKg < sale.kg) {
    // The listing's quantity is its reservation: a sale past it is a fault, never a sale of someone else's stock.
    throw new Error(
      `listing ${sale.listingId} sells ${sale.kg} kg past its reservation of lot ${held.lotId}`,
    );
  }
  await setReservation(tx, sale.listingId, held.quantityKg - sale.kg);
  await insertMovement(tx, {
    lotId: lot.id,
    kind: 'sale',
    quantityKg: -sale.kg,
    tradeId: sale.tradeId,
    orderId: sale.orderId,
    happenedOn: todayUtc(),
    byId: sale.by,
  });
  await publishStockChange(tx, bus, { storeId: lot.storeId });
}

/**
 * An order cancelled before pick-up: what its trade sold from a lot comes back to it, once, and is held again for
 * its listing when the listing offers it again (`relist`).
 */
export async function returnSale(
  tx: Tx,
  bus: EventBus,
  cancelled: { tradeId: number; listingId: number; relist: boolean; by: number },
): Promise<void> {
  const sale = await saleOfTrade(tx, cancelled.tradeId);
  if (!sale) {
    return;
  }
  const back = await insertMovementOnce(tx, {
    lotId: sale.lotId,
    kind: 'return',
    quantityKg: -sale.quantityKg,
    tradeId: sale.tradeId,
    orderId: sale.orderId,
    happenedOn: todayUtc(),
    byId: cancelled.by,
  });
  if (!back) {
    return;
  }
  const lot = await addQuantity(tx, sale.lotId, back.quantityKg);
  const held = cancelled.relist ? await reservationOf(tx, cancelled.listingId) : null;
  // What just came back is free, so holding it again for the listing cannot fail.
  if (held && (await reserve(tx, lot.id, back.quantityKg))) {
    await setReservation(tx, held.listingId, held.quantityKg + back.quantityKg);
  }
  await publishStockChange(tx, bus, { storeId: lot.storeId });
}

/** The stored part of a harvest, made a lot in the farm's home store (the store made if the farm has none). */
export async function lotFromHarvest(
  tx: Tx,
  bus: EventBus,
  harvest: {
    harvestId: number;
    farm: { id: number; name: string; ownerId: number; location: string | null };
    crop: string;
    variety: string | null;
    grade: Grade | null;
    moisture: number | null;
    kg: number;
    date: string;
    by: number;
  },
): Promise<LotRow> {
  const store = await ensureHomeStore(tx, {
    farmId: harvest.farm.id,
    ownerId: harvest.farm.ownerId,
    name: harvest.farm.name,
    location: harvest.farm.location,
  });
  const lot = await insertLot(tx, {
    storeId: store.id,
    ownerId: harvest.farm.ownerId,
    crop: harvest.crop,
    variety: harvest.variety,
    grade: harvest.grade,
    moistureTenths: harvest.moisture === null ? null : Math.round(harvest.moisture * 10),
    quantityKg: harvest.kg,
    depositedKg: harvest.kg,
    originHarvestId: harvest.harvestId,
    createdBy: harvest.by,
  });
  await insertMovement(tx, {
    lotId: lot.id,
    kind: 'in',
    quantityKg: harvest.kg,
    happenedOn: harvest.date,
    byId: harvest.by,
  });
  await publishStockChange(tx, bus, { storeId: store.id });
  return lot;
}

/** What buyers see of the lot behind each listing (null: the listing does not draw on recorded stock). */
export async function stockOfListings(db: Tx, listingIds: readonly number[]) {
  const rows = await stockOfListingRows(db, listingIds);
  return new Map(
    rows.map((r) => [
      r.listingId,
      {
        lotId: r.lotId,
        moisture: r.moistureTenths === null ? null : r.moistureTenths / 10,
        store: r.store,
        storeKind: r.storeKind,
        location: r.location,
      },
    ]),
  );
}
