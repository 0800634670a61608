// Forward agreements between a buyer and a seller: proposed by the buyer, answered by the seller (a counter allowed
// once, then answered by the buyer), withdrawn, linked to the seller's crop plan, disputed after the window.
import type { z } from 'zod';
import {
  AGREEMENT_HORIZON_DAYS,
  type AgreementStatus,
  type ZAgreementDecision,
  type ZAgreementInput,
} from '../../contract/forward-agreements';
import type { AppContext } from '../context';
import { planToLink } from '../crops';
import type { Tx } from '../db/client';
import { today } from '../finance';
import { coopParty } from '../groups';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden } from '../http/errors';
import { agreementFor } from './agreement-access';
import { depositCents } from './agreement-math';
import { endAgreement } from './agreement-money';
import { announce, tell } from './agreement-tell';
import {
  type AgreementRow,
  insertAgreement,
  type NewAgreement,
  updateAgreement,
  userRole,
} from './agreements.repo';

type Input = z.output<typeof ZAgreementInput>;
type Decision = z.output<typeof ZAgreementDecision>;
type Terms = Omit<Input, 'sellerId' | 'groupId'>;

const DAY_MS = 86_400_000;

const fieldRefusal = (field: string, key: string, params: Record<string, number> = {}) =>
  new AppError('badRequest', key, params, {}, [field]);

/** The terms as stored: a window from today to the horizon at most, its deposit computed. */
function termsRow(terms: Terms, todayIso: string): Partial<NewAgreement> {
  const horizon = new Date(Date.parse(`${todayIso}T00:00:00Z`) + AGREEMENT_HORIZON_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  if (terms.deliveryTo < todayIso) {
    throw fieldRefusal('deliveryTo', 'agreements.validation.windowPast');
  }
  if (terms.deliveryTo > horizon) {
    throw fieldRefusal('deliveryTo', 'agreements.validation.windowFar', { days: AGREEMENT_HORIZON_DAYS });
  }
  const pricing =
    terms.pricing.kind === 'fixed'
      ? { kind: 'fixed' as const, priceCents: terms.pricing.price, sharePercent: null }
      : { kind: 'floor' as const, priceCents: terms.pricing.floor, sharePercent: terms.pricing.sharePercent };
  const deposit = depositCents({ quantityKg: terms.quantity, depositPercent: terms.depositPercent, pricing });
  return {
    crop: terms.crop,
    grade: terms.grade,
    quantityKg: terms.quantity,
    tolerancePercent: terms.tolerancePercent,
    pricingKind: pricing.kind,
    priceCents: pricing.priceCents,
    sharePercent: pricing.sharePercent,
    deliveryFrom: terms.deliveryFrom,
    deliveryTo: terms.deliveryTo,
    place: terms.place,
    depositPercent: terms.depositPercent,
    depositCents: deposit,
    advanceCents: terms.inputAdvance?.amount ?? 0,
    advanceNote: terms.inputAdvance?.note ?? null,
  };
}

/** The seller a proposal names: a farmer (not the buyer), or a co-operative's account. */
async function sellerOf(
  tx: Tx,
  user: SessionUser,
  input: Input,
): Promise<{ sellerId: number; groupId: number | null }> {
  if (input.groupId !== undefined) {
    const coop = await coopParty(tx, input.groupId);
    if (!coop) {
      throw new AppError('notFound', 'agreements.errors.sellerNotFound', {}, {}, ['groupId']);
    }
    return { sellerId: coop.accountId, groupId: coop.groupId };
  }
  const sellerId = input.sellerId as number;
  const seller = await userRole(tx, sellerId);
  if (seller?.role !== 'farmer' || sellerId === user.id) {
    throw new AppError('notFound', 'agreements.errors.sellerNotFound', {}, {}, ['sellerId']);
  }
  return { sellerId, groupId: null };
}

export async function proposeAgreement(
  ctx: AppContext,
  user: SessionUser,
  input: Input,
): Promise<AgreementRow> {
  return ctx.db.transaction(async (tx) => {
    const seller = await sellerOf(tx, user, input);
    const row = await insertAgreement(tx, {
      ...(termsRow(input, today()) as NewAgreement),
      buyerId: user.id,
      ...seller,
      status: 'proposed',
      turn: 'seller',
    });
    await tell(ctx, tx, row, 'seller', 'proposed');
    await announce(ctx, tx, row);
    return row;
  });
}

/** The party whose turn it is answers: accept, decline, or (once in all) counter with changed terms. */
export async function decideAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  decision: Decision,
): Promise<AgreementRow> {
  return ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (agreement.status !== 'proposed' && agreement.status !== 'countered') {
      throw conflict('agreements.errors.notOpen');
    }
    if (agreement.turn === null || !sides[agreement.turn]) {
      throw forbidden('agreements.errors.notYourTurn');
    }
    const other = agreement.turn === 'buyer' ? 'seller' : 'buyer';
    let row: AgreementRow;
    if (decision.decision === 'accept') {
      const nothingToPay = agreement.depositCents === 0 && agreement.advanceCents === 0;
      row = await updateAgreement(tx, id, { status: nothingToPay ? 'active' : 'accepted', turn: null });
      await tell(ctx, tx, row, other, nothingToPay ? 'active' : 'accepted');
    } else if (decision.decision === 'decline') {
      row = await updateAgreement(tx, id, { status: 'declined', turn: null, note: decision.note ?? null });
      await tell(ctx, tx, row, other, 'declined');
    } else {
      if (agreement.countered > 0) {
        throw conflict('agreements.errors.counterUsed');
      }
      const terms = { ...termsOf(agreement), ...decision.terms };
      if (terms.deliveryTo < terms.deliveryFrom) {
        throw fieldRefusal('deliveryTo', 'agreements.validation.window');
      }
      row = await updateAgreement(tx, id, {
        ...termsRow(terms, today()),
        status: 'countered',
        turn: other,
        countered: 1,
        note: decision.note ?? null,
      });
      await tell(ctx, tx, row, other, 'countered');
    }
    await announce(ctx, tx, row);
    return row;
  });
}

/** The stored terms in the contract's (parsed) shape, for a counter that changes some of them. */
function termsOf(row: AgreementRow): Terms {
  return {
    crop: row.crop,
    grade: row.grade,
    quantity: row.quantityKg,
    tolerancePercent: row.tolerancePercent,
    pricing:
      row.pricingKind === 'fixed'
        ? { kind: 'fixed', price: row.priceCents }
        : { kind: 'floor', floor: row.priceCents, sharePercent: row.sharePercent ?? 100 },
    deliveryFrom: row.deliveryFrom,
    deliveryTo: row.deliveryTo,
    place: row.place,
    depositPercent: row.depositPercent,
    ...(row.advanceCents > 0
      ? { inputAdvance: { amount: row.advanceCents, note: row.advanceNote ?? '' } }
      : {}),
  };
}

/**
 * The buyer withdraws. Before the deposit is paid it simply ends; once active, the buyer walks away from it and
 * the deposit goes to the seller.
 */
export async function withdrawAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<AgreementRow> {
  const result = await ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (!sides.buyer) {
      throw forbidden('agreements.errors.notBuyer');
    }
    if (agreement.status === 'active') {
      return endAgreement(ctx, tx, agreement, 'defaulted_by_buyer', user.id);
    }
    if (!(['proposed', 'countered', 'accepted'] as AgreementStatus[]).includes(agreement.status)) {
      throw conflict('agreements.errors.notOpen');
    }
    const row = await updateAgreement(tx, id, { status: 'withdrawn', turn: null });
    await tell(ctx, tx, row, 'seller', 'withdrawn');
    await announce(ctx, tx, row);
    return { row, wake: async () => {} };
  });
  await result.wake();
  return result.row;
}

/** The seller links one of their crop plans of the agreement's crop (or unlinks it). */
export async function linkPlan(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  planId: number | null,
): Promise<AgreementRow> {
  // The plan is read (and the caller's right to it checked) before the agreement is locked: the crops module reads
  // through the instance's handle, which on PGlite's one connection would wait for this transaction.
  const plan = planId === null ? null : await planToLink(ctx, user, planId);
  return ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (!sides.seller) {
      throw forbidden('agreements.errors.notSeller');
    }
    if (plan !== null && plan.crop !== agreement.crop) {
      throw fieldRefusal('planId', 'agreements.errors.planCrop');
    }
    const row = await updateAgreement(tx, id, { planId });
    await announce(ctx, tx, row);
    return row;
  });
}

/** A party disputes how an active agreement is ending: settlement waits for a manager. */
export async function disputeAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  note: string,
): Promise<AgreementRow> {
  return ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (!sides.buyer && !sides.seller) {
      throw forbidden('agreements.errors.notParty');
    }
    if (agreement.status !== 'active') {
      throw conflict('agreements.errors.notActive');
    }
    const row = await updateAgreement(tx, id, { status: 'disputed', note });
    await tell(ctx, tx, row, sides.buyer ? 'seller' : 'buyer', 'disputed');
    await announce(ctx, tx, row);
    return row;
  });
}
