// A forward agreement's money: the buyer's deposit (and input advance) collected into escrow, the advance paid out to
// the seller at once, and the deposit left at the end going back to the buyer or to the seller. Every move is
// recorded in the change's transaction before the provider is called (`wake`), and taken in when the provider's
// status answer settles it (the payments module's `agreementMoveSettled`).
import type { z } from 'zod';
import type { ZAgreementDepositInput } from '../../contract/forward-agreements';
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { firstFarmIdOf } from '../farms';
import { bookAgreementMoney, today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden } from '../http/errors';
import {
  collectionConfigured,
  type MoveRow,
  movesOfAgreement,
  provenNumberOf,
  requestCollection,
  requestPayout,
  wake,
} from '../payments';
import { agreementFor } from './agreement-access';
import { depositGoesTo, type Outcome } from './agreement-math';
import { announce, tell } from './agreement-tell';
import { advanceMoveOf, depositMoney } from './agreements.present';
import { type AgreementRow, deliveriesOf, findAgreement, updateAgreement } from './agreements.repo';

const PROVIDER_NAMES = { mtn_momo: 'MTN MoMo', orange_money: 'Orange Money' } as const;

// ─── The buyer pays the deposit ──────────────────────────────────────────────

/** The buyer pays the deposit and any advance, one collection into escrow; the agreement is active once paid. */
export async function payDeposit(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: z.output<typeof ZAgreementDepositInput>,
): Promise<AgreementRow> {
  const { row, move } = await ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (!sides.buyer) {
      throw forbidden('agreements.errors.notBuyer');
    }
    if (agreement.status !== 'accepted') {
      throw conflict('agreements.errors.notAccepted');
    }
    if (!collectionConfigured(ctx.config, input.provider)) {
      throw new AppError('unprocessable', 'payments.errors.notConfigured', {
        provider: PROVIDER_NAMES[input.provider],
      });
    }
    const moves = await movesOfAgreement(tx, id);
    if (
      moves.some((m) => m.kind === 'collection' && ['pending', 'waiting', 'succeeded'].includes(m.status))
    ) {
      throw conflict('payments.errors.pendingPayment');
    }
    const phone = input.phone ?? (await provenNumberOf(tx, agreement.buyerId));
    if (input.provider === 'mtn_momo' && !phone) {
      throw new AppError('unprocessable', 'payments.errors.noPhone', {}, {}, ['phone']);
    }
    const recorded = await requestCollection(tx, ctx.config, {
      orderId: null,
      agreementId: id,
      payerId: agreement.buyerId,
      provider: input.provider,
      phone,
      amountCents: agreement.depositCents + agreement.advanceCents,
      requestedBy: user.id,
    });
    await announce(ctx, tx, agreement);
    return { row: agreement, move: recorded };
  });
  await wake(ctx, [move]);
  return (await findAgreement(ctx.db, id)) ?? row;
}

// ─── What the provider said ──────────────────────────────────────────────────

/** A move of the agreement's own settled: the deposit paid (active, advance out), failed, or a payout landed. */
export async function takeAgreementMove(ctx: AppContext, tx: Tx, move: MoveRow): Promise<void> {
  const agreement = move.agreementId === null ? null : await findAgreement(tx, move.agreementId, true);
  if (!agreement) {
    return;
  }
  if (move.kind === 'collection') {
    await takeDeposit(ctx, tx, agreement, move);
  } else if (move.kind === 'seller' && move.status === 'succeeded') {
    await bookSellerPayout(ctx, tx, agreement, move);
  }
  await announce(ctx, tx, agreement);
}

async function takeDeposit(ctx: AppContext, tx: Tx, agreement: AgreementRow, move: MoveRow): Promise<void> {
  if (move.status !== 'succeeded') {
    await tell(ctx, tx, agreement, 'buyer', 'deposit_failed');
    return;
  }
  if (agreement.status !== 'accepted') {
    // Paid after it ended (withdrawn meanwhile): all of it goes back.
    await requestPayout(tx, ctx.config, {
      orderId: null,
      agreementId: agreement.id,
      payeeId: agreement.buyerId,
      kind: 'refund',
      amountCents: move.amountCents,
    });
    return;
  }
  const row = await updateAgreement(tx, agreement.id, { status: 'active' });
  if (row.advanceCents > 0) {
    await requestPayout(tx, ctx.config, {
      orderId: null,
      agreementId: row.id,
      payeeId: row.sellerId,
      kind: 'seller',
      amountCents: row.advanceCents,
    });
  }
  await tell(ctx, tx, row, 'both', 'active', { amount: centsToDecimal(row.depositCents) });
}

/** A payout to the seller landed: the advance (owed back from deliveries) or the deposit kept, on their farm's books. */
async function bookSellerPayout(
  ctx: AppContext,
  tx: Tx,
  agreement: AgreementRow,
  move: MoveRow,
): Promise<void> {
  const farmId = await firstFarmIdOf(tx, agreement.sellerId);
  if (farmId === null) {
    return;
  }
  const advance = advanceMoveOf(agreement, await movesOfAgreement(tx, agreement.id));
  await bookAgreementMoney(tx, ctx.bus, {
    farmId,
    agreementId: agreement.id,
    kind: advance?.id === move.id ? 'advance_received' : 'deposit_kept',
    date: today(),
    amountCents: move.amountCents,
  });
}

// ─── The end ─────────────────────────────────────────────────────────────────

/**
 * Ends an active (or disputed) agreement with `outcome`, in the caller's transaction: the deposit still held goes
 * back to the buyer (what was not delivered, a leftover) or to the seller (the buyer walked away). The caller wakes
 * the payouts once committed.
 */
export async function endAgreement(
  ctx: AppContext,
  tx: Tx,
  agreement: AgreementRow,
  outcome: Outcome,
  byId: number | null,
): Promise<{ row: AgreementRow; moves: MoveRow[]; wake: () => Promise<void> }> {
  const moves = await movesOfAgreement(tx, agreement.id);
  const { depositLeftCents } = depositMoney(agreement, moves, await deliveriesOf(tx, [agreement.id]));
  const payouts: MoveRow[] = [];
  if (depositLeftCents > 0) {
    const to = depositGoesTo(outcome);
    payouts.push(
      await requestPayout(tx, ctx.config, {
        orderId: null,
        agreementId: agreement.id,
        payeeId: to === 'buyer' ? agreement.buyerId : agreement.sellerId,
        kind: to === 'buyer' ? 'refund' : 'seller',
        amountCents: depositLeftCents,
        ...(byId === null ? {} : { requestedBy: byId }),
      }),
    );
  }
  const row = await updateAgreement(tx, agreement.id, {
    status: outcome,
    turn: null,
    settledAt: new Date(),
    settledBy: byId,
  });
  await tell(ctx, tx, row, 'both', outcome, { amount: centsToDecimal(depositLeftCents) });
  await announce(ctx, tx, row);
  return { row, moves: payouts, wake: () => wake(ctx, payouts) };
}

/** A manager decides a disputed (or still active) agreement's end. */
export async function resolveAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: { outcome: Outcome; note: string },
): Promise<AgreementRow> {
  const result = await ctx.db.transaction(async (tx) => {
    const { agreement } = await agreementFor(tx, user, id, true);
    if (agreement.status !== 'disputed' && agreement.status !== 'active') {
      throw conflict('agreements.errors.notActive');
    }
    const noted = await updateAgreement(tx, id, { note: input.note });
    return endAgreement(ctx, tx, noted, input.outcome, user.id);
  });
  await result.wake();
  return result.row;
}
