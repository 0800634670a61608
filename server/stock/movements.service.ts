// A keeper's movements of a lot: a part moved to another store (a new lot with the same origin), a loss with its
// reason, a count (the variance recorded as a gain or a loss), a regrade. Each is dated when it happened, by whom;
// none takes a lot below zero or past what is free of its listings (409 with the quantity there is).
import type { z } from 'zod';
import { kgToTons } from '../../contract/quantity';
import type { ZMovementInput } from '../../contract/stock';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict } from '../http/errors';
import { tenths } from './lots.service';
import { issueReceiptIfDeposit } from './receipts.service';
import {
  addQuantity,
  insertLot,
  insertMovement,
  type LotView,
  lockLot,
  lotRow,
  regradeLot,
  storeById,
  takeFree,
} from './stock.repo';
import { type Actor, mayKeep, storeNotFound, visibleLot } from './stock-access';
import { checkHappenedOn } from './stock-dates';
import { publishStockChange, stockTransaction } from './stock-events';

type Movement = z.output<typeof ZMovementInput>;

/** Records one movement on a lot whose store the caller keeps; answers the lot's id (the page to show after). */
export async function recordMovement(
  ctx: AppContext,
  user: SessionUser,
  lotId: number,
  movement: Movement,
): Promise<number> {
  const happenedOn = checkHappenedOn(movement.date);
  await stockTransaction(ctx, async (tx) => {
    await lockLot(tx, lotId);
    const lot = await visibleLot(tx, user, lotId);
    if (!(await mayKeep(tx, user, lot.store))) {
      throw new AppError('forbidden', 'stock.errors.notKeeper');
    }
    const at = { lot, by: user.id, happenedOn };
    switch (movement.kind) {
      case 'transfer':
        await transfer(ctx, tx, user, at, movement);
        break;
      case 'loss':
        await takeOut(tx, at, movement.quantity);
        await insertMovement(tx, {
          lotId: lot.id,
          kind: 'loss',
          quantityKg: -movement.quantity,
          reason: movement.reason,
          note: movement.note ?? null,
          happenedOn,
          byId: user.id,
        });
        break;
      case 'count':
        await count(tx, at, movement.counted, movement.note ?? null);
        break;
      case 'regrade':
        if (lot.reservedKg > 0) {
          throw conflict('stock.errors.regradeListed', { reserved: kgToTons(lot.reservedKg) });
        }
        await regradeLot(tx, lot.id, movement.grade, tenths(movement.moisture) ?? lot.moistureTenths);
        await insertMovement(tx, {
          lotId: lot.id,
          kind: 'regrade',
          quantityKg: 0,
          grade: movement.grade,
          moistureTenths: tenths(movement.moisture),
          happenedOn,
          byId: user.id,
        });
        break;
    }
    await publishStockChange(tx, ctx.bus, { storeId: lot.storeId });
  });
  return lotId;
}

interface At {
  lot: LotView;
  by: number;
  happenedOn: string;
}

/** Takes `kg` out of what is free of listings: 409 naming what is there (or free) when it is less. */
async function takeOut(tx: Tx, at: At, kg: number): Promise<void> {
  if (await takeFree(tx, at.lot.id, kg)) {
    return;
  }
  const now = await lotRow(tx, at.lot.id);
  const quantity = now?.quantityKg ?? 0;
  const reserved = now?.reservedKg ?? 0;
  if (kg > quantity) {
    throw conflict('stock.errors.belowZero', { available: kgToTons(quantity) });
  }
  throw conflict('stock.errors.pastFree', {
    free: kgToTons(quantity - reserved),
    reserved: kgToTons(reserved),
  });
}

/** A part moved to another store becomes a lot there (same owner, crop, grade and origin); a deposit gets a receipt. */
async function transfer(
  ctx: AppContext,
  tx: Tx,
  user: Actor,
  at: At,
  movement: Extract<Movement, { kind: 'transfer' }>,
): Promise<void> {
  const { lot } = at;
  const to = await storeById(tx, movement.toStoreId);
  // Into the owner's own home store (which the caller keeps), or deposited in any shared store (a co-operative's,
  // a warehouse): never into someone else's home store, a keeper's own included.
  if (!to || (to.kind === 'home' && (to.ownerId !== lot.ownerId || !(await mayKeep(tx, user, to))))) {
    throw storeNotFound();
  }
  if (to.id === lot.storeId) {
    throw badRequest('stock.errors.sameStore');
  }
  await takeOut(tx, at, movement.quantity);
  const moved = await insertLot(tx, {
    storeId: to.id,
    ownerId: lot.ownerId,
    crop: lot.crop,
    variety: lot.variety,
    grade: lot.grade,
    moistureTenths: lot.moistureTenths,
    quantityKg: movement.quantity,
    depositedKg: movement.quantity,
    originHarvestId: lot.originHarvestId,
    originIntakeId: lot.originIntakeId,
    parentLotId: lot.id,
    createdBy: user.id,
  });
  await insertMovement(tx, {
    lotId: lot.id,
    kind: 'transfer_out',
    quantityKg: -movement.quantity,
    otherLotId: moved.id,
    happenedOn: at.happenedOn,
    byId: at.by,
  });
  await insertMovement(tx, {
    lotId: moved.id,
    kind: 'transfer_in',
    quantityKg: movement.quantity,
    otherLotId: lot.id,
    happenedOn: at.happenedOn,
    byId: at.by,
  });
  await issueReceiptIfDeposit(ctx, tx, { lot: moved, store: to, happenedOn: at.happenedOn });
  await publishStockChange(tx, ctx.bus, { storeId: to.id });
}

/** A count sets the lot to what was found: the variance is a gain or a loss "count" (never below what is listed). */
async function count(tx: Tx, at: At, countedKg: number, note: string | null): Promise<void> {
  const now = await lotRow(tx, at.lot.id);
  const quantity = now?.quantityKg ?? 0;
  const variance = countedKg - quantity;
  if (variance < 0) {
    if (countedKg < (now?.reservedKg ?? 0)) {
      throw conflict('stock.errors.countBelowListed', { reserved: kgToTons(now?.reservedKg ?? 0) });
    }
    await takeOut(tx, at, -variance);
  } else if (variance > 0) {
    await addQuantity(tx, at.lot.id, variance);
  }
  await insertMovement(tx, {
    lotId: at.lot.id,
    kind: variance < 0 ? 'loss' : 'gain',
    quantityKg: variance,
    reason: 'count',
    note,
    happenedOn: at.happenedOn,
    byId: at.by,
  });
}
