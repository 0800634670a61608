// What a co-operative asks of stock, inside its own transactions: its stores and their keepers, a member's intake
// added to the open bulk lot of that crop and grade in the store (or starting one), an intake taken back out by a
// correcting entry, and what was sold from its lots in which order.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Grade } from '../../contract/marketplace';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import type { SessionUser } from '../http/access';
import { presentStore } from './stock.present';
import {
  addKeeper,
  addQuantity,
  insertLot,
  insertMovement,
  insertStore,
  type LotRow,
  removeKeeper,
  type StoreRow,
  takeFree,
} from './stock.repo';
import { lotMovements, lots, stores } from './stock.schema';
import { publishStockChange } from './stock-events';
import { storeViews } from './stores.service';

/** Opens a co-operative's store, owned by its party and kept by the given people (its admins and keepers). */
export async function openCoopStore(
  tx: Tx,
  bus: EventBus,
  input: { name: string; location: string | null; ownerId: number; keeperIds: readonly number[]; by: number },
): Promise<StoreRow> {
  const store = await insertStore(tx, {
    name: input.name,
    kind: 'coop',
    location: input.location,
    farmId: null,
    ownerId: input.ownerId,
  });
  for (const userId of input.keeperIds) {
    await addKeeper(tx, { storeId: store.id, userId, addedBy: input.by });
  }
  await publishStockChange(tx, bus, { storeId: store.id });
  return store;
}

/** The stores a co-operative's party owns, oldest first. */
export function storesOwnedBy(db: Tx, ownerId: number): Promise<StoreRow[]> {
  return db.select().from(stores).where(eq(stores.ownerId, ownerId)).orderBy(stores.id);
}

/** Stores as the API answers them, for the caller. */
export async function answerStores(ctx: AppContext, user: SessionUser, rows: readonly StoreRow[]) {
  return (await storeViews(ctx, ctx.db, user, rows)).map(presentStore);
}

/** Whether `userId` keeps each of the owner's stores (`on`) or none of them: a member's role in the co-operative. */
/** Makes the user a keeper of every store of the owner (a co-operative's account), or no longer; each store tells. */
export async function setKeeperOfStores(
  tx: Tx,
  bus: EventBus,
  change: { ownerId: number; userId: number; on: boolean; by: number },
): Promise<void> {
  for (const store of await storesOwnedBy(tx, change.ownerId)) {
    if (change.on) {
      await addKeeper(tx, { storeId: store.id, userId: change.userId, addedBy: change.by });
    } else {
      await removeKeeper(tx, store.id, change.userId);
    }
    // The keeper's lists change (a removed keeper is told too: they may no longer see the store).
    await publishStockChange(tx, bus, { storeId: store.id, also: [change.userId] });
  }
}

export interface IntakeIn {
  ownerId: number;
  storeId: number;
  crop: string;
  grade: Grade;
  moistureTenths: number | null;
  kg: number;
  intakeId: number;
  happenedOn: string;
  by: number;
}

/**
 * Adds an intake to the co-operative's open bulk lot of that crop and grade in the store: one made from intakes,
 * not yet listed or sold from (the store locked while it grows, so two keepers' intakes add up and start one lot,
 * never two). None open: the intake starts one. The lot's moisture becomes the weighted mean of what came in.
 * Answers the lot.
 */
export async function addIntakeToBulkLot(tx: Tx, bus: EventBus, intake: IntakeIn): Promise<LotRow> {
  // The store first: with no open lot to lock yet, intakes at once would each start their own.
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, intake.storeId)).for('update');
  const [open] = await tx
    .select()
    .from(lots)
    .where(
      and(
        eq(lots.ownerId, intake.ownerId),
        eq(lots.storeId, intake.storeId),
        eq(lots.crop, intake.crop),
        eq(lots.grade, intake.grade),
        isNotNull(lots.originIntakeId),
        isNull(lots.parentLotId),
        eq(lots.reservedKg, 0),
        sql`not exists(select 1 from lot_movements m where m.lot_id = ${lots.id} and m.kind in ('sale', 'transfer_out'))`,
      ),
    )
    .orderBy(lots.id)
    .limit(1)
    .for('update');
  let lot: LotRow;
  if (open) {
    const moisture = mixedMoisture(open, intake);
    lot = await addQuantity(tx, open.id, intake.kg);
    await tx
      .update(lots)
      .set({ moistureTenths: moisture, depositedKg: sql`${lots.depositedKg} + ${intake.kg}` })
      .where(eq(lots.id, open.id));
  } else {
    lot = await insertLot(tx, {
      storeId: intake.storeId,
      ownerId: intake.ownerId,
      crop: intake.crop,
      grade: intake.grade,
      moistureTenths: intake.moistureTenths,
      quantityKg: intake.kg,
      depositedKg: intake.kg,
      originIntakeId: intake.intakeId,
      createdBy: intake.by,
    });
  }
  await insertMovement(tx, {
    lotId: lot.id,
    kind: 'in',
    quantityKg: intake.kg,
    happenedOn: intake.happenedOn,
    byId: intake.by,
  });
  await publishStockChange(tx, bus, { storeId: intake.storeId });
  return lot;
}

/** The weighted mean moisture of the lot and an intake; unknown when neither says. */
function mixedMoisture(lot: LotRow, intake: IntakeIn): number | null {
  if (lot.moistureTenths === null) {
    return intake.moistureTenths;
  }
  if (intake.moistureTenths === null) {
    return lot.moistureTenths;
  }
  const total = lot.quantityKg + intake.kg;
  return total === 0
    ? intake.moistureTenths
    : Math.round((lot.moistureTenths * lot.quantityKg + intake.moistureTenths * intake.kg) / total);
}

/**
 * Takes a reversed intake's weight back out of its lot, from what is not listed (false when less than that is
 * free: it was sold or listed, and the correction must wait for the listing to shrink).
 */
export async function takeIntakeBack(
  tx: Tx,
  bus: EventBus,
  back: { lotId: number; kg: number; happenedOn: string; by: number; note: string },
): Promise<boolean> {
  const lot = await takeFree(tx, back.lotId, back.kg);
  if (!lot) {
    return false;
  }
  await tx
    .update(lots)
    .set({ depositedKg: sql`greatest(${lots.depositedKg} - ${back.kg}, 0)` })
    .where(eq(lots.id, back.lotId));
  await insertMovement(tx, {
    lotId: back.lotId,
    kind: 'correction',
    quantityKg: -back.kg,
    note: back.note,
    happenedOn: back.happenedOn,
    byId: back.by,
  });
  await publishStockChange(tx, bus, { storeId: lot.storeId });
  return true;
}

/** The co-operative's lots by id (only those its party owns). */
export function lotsOwnedBy(db: Tx, ownerId: number, lotIds?: readonly number[]): Promise<LotRow[]> {
  return db
    .select()
    .from(lots)
    .where(and(eq(lots.ownerId, ownerId), lotIds === undefined ? undefined : inArray(lots.id, [...lotIds])))
    .orderBy(lots.id);
}

/** What each order took from each of the lots, net of returns: kilograms sold. */
export async function salesFromLots(
  db: Tx,
  lotIds: readonly number[],
): Promise<{ lotId: number; orderId: number; kg: number }[]> {
  if (lotIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({
      lotId: lotMovements.lotId,
      orderId: lotMovements.orderId,
      kg: sql<number>`(-sum(${lotMovements.quantityKg}))::int`,
    })
    .from(lotMovements)
    .where(
      and(
        inArray(lotMovements.lotId, [...lotIds]),
        inArray(lotMovements.kind, ['sale', 'return']),
        isNotNull(lotMovements.orderId),
      ),
    )
    .groupBy(lotMovements.lotId, lotMovements.orderId);
  return rows.flatMap((r) =>
    r.orderId !== null && r.kg > 0 ? [{ lotId: r.lotId, orderId: r.orderId, kg: r.kg }] : [],
  );
}

/** The lots an order sold from, with the kilograms. */
export async function lotsOfOrder(db: Tx, orderId: number): Promise<{ lotId: number; kg: number }[]> {
  const rows = await db
    .select({ lotId: lotMovements.lotId, kg: sql<number>`(-sum(${lotMovements.quantityKg}))::int` })
    .from(lotMovements)
    .where(and(eq(lotMovements.orderId, orderId), inArray(lotMovements.kind, ['sale', 'return'])))
    .groupBy(lotMovements.lotId);
  return rows.filter((r) => r.kg > 0);
}
