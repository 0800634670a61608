// What the phone bot (SMS, WhatsApp, USSD) asks of stock: the caller's lots with their free quantities (STOCK), one
// lot by the number STOCK shows (its id), a loss recorded on it (LOSS 7 0.2 pests), and a deposit receipt checked by
// its code (RECEIPT <code>), through the same services, keeper checks and look-up limit as the web.
import type { z } from 'zod';
import type { LossReason, TReceipt, ZMovementInput } from '../../contract/stock';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { recordMovement } from './movements.service';
import { receiptByCode } from './receipts.service';
import { type LotView, lotPage, lotsListedFor } from './stock.repo';
import { type Actor, mayKeep, visibleLot } from './stock-access';

/** A loss as the movements' service takes it (the contract's output: kilograms). */
type LossMovement = Extract<z.output<typeof ZMovementInput>, { kind: 'loss' }>;

/** A lot as a phone lists it: its number (the lot's id, what LOSS takes), what it is, where, and what is free. */
export interface PhoneLot {
  id: number;
  crop: string;
  grade: LotView['grade'];
  /** Kilograms in the store, and those not held back by listings. */
  quantityKg: number;
  freeKg: number;
  store: string;
  owner: { id: number; username: string };
}

const phoneLotOf = (lot: LotView): PhoneLot => ({
  id: lot.id,
  crop: lot.crop,
  grade: lot.grade,
  quantityKg: lot.quantityKg,
  freeKg: lot.quantityKg - lot.reservedKg,
  store: lot.store.name,
  owner: { id: lot.ownerId, username: lot.ownerName },
});

/**
 * The lots that are the caller's business and still hold something, newest first, at most `limit` (and whether
 * there are more): their own, those in the stores they keep, their farmers' (an agent). A manager sees every lot in
 * the app; by phone, only their own business: a list of everyone's lots would say nothing to them.
 */
export async function phoneLots(
  ctx: AppContext,
  user: Actor,
  limit: number,
): Promise<{ lots: PhoneLot[]; more: boolean }> {
  const rows = await lotPage(ctx.db, {
    visible: lotsListedFor({ id: user.id, role: user.role === 'manager' ? 'keeper' : user.role }),
    withEmpty: false,
    limit: limit + 1,
  });
  return { lots: rows.slice(0, limit).map(phoneLotOf), more: rows.length > limit };
}

/** Whether the caller has any stock to show by phone (a USSD menu offers Stock only then, to those who farm not). */
export async function hasPhoneStock(ctx: AppContext, user: Actor): Promise<boolean> {
  return (await phoneLots(ctx, user, 1)).lots.length > 0;
}

/** A lot the caller sees, by its number, and whether they may record its movements; null when they see none. */
export async function phoneLot(
  ctx: AppContext,
  user: Actor,
  lotId: number,
): Promise<{ lot: PhoneLot; keeps: boolean } | null> {
  try {
    const lot = await visibleLot(ctx.db, user, lotId);
    return { lot: phoneLotOf(lot), keeps: await mayKeep(ctx.db, user, lot.store) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'notFound') {
      return null;
    }
    throw error;
  }
}

/**
 * A loss recorded today on a lot whose store the caller keeps, as POST /api/lots/:id/movements records it (the
 * same refusals: not found, not the keeper, more than is free). The lot as it is after.
 */
export async function phoneLoss(
  ctx: AppContext,
  user: SessionUser,
  input: { lotId: number; quantityKg: number; reason: LossReason; note: string | null },
): Promise<PhoneLot> {
  const movement: LossMovement = {
    kind: 'loss',
    quantity: input.quantityKg,
    reason: input.reason,
    ...(input.note === null ? {} : { note: input.note }),
  };
  await recordMovement(ctx, user, input.lotId, movement);
  return phoneLotOf(await visibleLot(ctx.db, user, input.lotId));
}

/**
 * The receipt with this code, or null for a code no receipt has; each look-up takes one of the caller's (their phone
 * number's) for the minute, and past them the service's 429 goes up.
 */
export async function phoneReceipt(
  ctx: AppContext,
  code: string,
  callerKey: string,
): Promise<TReceipt | null> {
  try {
    return await receiptByCode(ctx, code, callerKey);
  } catch (error) {
    if (error instanceof AppError && error.code === 'notFound') {
      return null;
    }
    throw error;
  }
}
