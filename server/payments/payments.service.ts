// Moving money through mobile money: a collection or payout recorded (with its reference) in the caller's
// transaction before any provider call, a provider's callback taken as a hint, and the payouts managers act on.
import type { z } from 'zod';
import type { MobileMoneyProvider, PayoutKind, ZPayoutRecordInput } from '../../contract/payments';
import { type Config, mobileMoneyProviders } from '../config';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { pooledPayee } from './hooks';
import {
  findMoveByReference,
  hurryMove,
  insertMove,
  insertPayoutMoves,
  lockMove,
  type MoveRow,
  payoutsForManagers,
  postOperatorEvent,
  postOperatorEvents,
  provenNumberOf,
  provenNumbersOf,
  type QueuedMove,
  updateMove,
} from './moves.repo';
import { newReference } from './payment-request';
import { paymentsWorker } from './payments-worker';
import { memoOf, settledHookOf } from './settle-move';

/** Whether this server can take a payment by this provider. */
export function collectionConfigured(config: Config, provider: MobileMoneyProvider): boolean {
  return mobileMoneyProviders(config).includes(provider);
}

function currencyOf(config: Config, provider: MobileMoneyProvider): string {
  const { momo, orange } = config.payments;
  return (provider === 'mtn_momo' ? momo?.currency : orange?.currency) ?? config.currency.code;
}

/**
 * A buyer's payment into escrow, recorded in the caller's transaction: the provider is called only after it
 * commits (`wake`), from the queue. A second pending collection of the order is refused by the database itself.
 */
export async function requestCollection(
  tx: Tx,
  config: Config,
  input: {
    /** The order paid for, or null for a forward agreement's deposit (`agreementId`). */
    orderId: number | null;
    agreementId?: number;
    payerId: number;
    provider: MobileMoneyProvider;
    phone: string | null;
    amountCents: number;
    requestedBy: number;
  },
): Promise<MoveRow> {
  return insertMove(tx, {
    kind: 'collection',
    orderId: input.orderId,
    agreementId: input.agreementId ?? null,
    userId: input.payerId,
    provider: input.provider,
    reference: newReference(input.provider),
    phone: input.provider === 'orange_money' ? null : input.phone,
    amountCents: input.amountCents,
    currency: currencyOf(config, input.provider),
    requestedBy: input.requestedBy,
  });
}

/** A payout goes to the queue with the payee's proven number and MTN Disbursements here; else it waits, saying why. */
function payoutStart(phone: string | null, configured: boolean) {
  return phone && configured
    ? { status: 'pending' as const, failureReason: null }
    : {
        status: 'waiting' as const,
        failureReason: configured ? ('no_proven_number' as const) : ('not_configured' as const),
      };
}

/**
 * Money owed from escrow to the seller, the agent or back to the buyer: booked as owed in the operator's books and
 * queued as an MTN transfer to the payee's proven number; without a number, or without MTN Disbursements here, it
 * waits for a manager.
 */
export async function requestPayout(
  tx: Tx,
  config: Config,
  input: {
    orderId: number | null;
    /** A forward agreement's payout (its advance, its deposit's end), with no order. */
    agreementId?: number;
    payeeId: number;
    kind: PayoutKind;
    amountCents: number;
    requestedBy?: number;
  },
): Promise<MoveRow> {
  const pooled = input.kind === 'seller' && (await pooledPayee.call(tx, input.payeeId));
  const phone = pooled ? null : await provenNumberOf(tx, input.payeeId);
  const configured = config.payments.momo?.disbursement != null;
  const move = await insertMove(tx, {
    pooled,
    requestedBy: input.requestedBy ?? null,
    kind: input.kind,
    orderId: input.orderId,
    agreementId: input.agreementId ?? null,
    userId: input.payeeId,
    provider: 'mtn_momo',
    reference: newReference('mtn_momo'),
    phone,
    amountCents: input.amountCents,
    currency: currencyOf(config, 'mtn_momo'),
    // Kept by the operator for a co-operative: nothing for a provider, the queue settles it at once.
    ...(pooled ? {} : payoutStart(phone, configured)),
  });
  await postOperatorEvent(
    tx,
    { orderId: input.orderId, moveId: move.id, memo: memoOf(move) },
    input.kind === 'member'
      ? { kind: 'member_owed', amountCents: input.amountCents }
      : { kind: input.kind === 'refund' ? 'refund_owed' : 'released', amountCents: input.amountCents },
  );
  return move;
}

/**
 * Members' shares owed from the co-operative's pooled money, each as `requestPayout` records one (owed in the
 * operator's books, queued to the member's proven number or waiting for a manager), all in a fixed number of
 * statements of the caller's transaction: a settlement's hundreds of payouts are recorded together or not at all.
 */
export async function requestMemberPayouts(
  tx: Tx,
  config: Config,
  inputs: readonly { payeeId: number; amountCents: number }[],
  requestedBy: number,
): Promise<QueuedMove[]> {
  const phones = await provenNumbersOf(
    tx,
    inputs.map((i) => i.payeeId),
  );
  const configured = config.payments.momo?.disbursement != null;
  const moves = await insertPayoutMoves(
    tx,
    { kind: 'member', provider: 'mtn_momo', currency: currencyOf(config, 'mtn_momo'), requestedBy },
    inputs.map((input) => {
      const phone = phones.get(input.payeeId) ?? null;
      return {
        userId: input.payeeId,
        reference: newReference('mtn_momo'),
        phone,
        amountCents: input.amountCents,
        ...payoutStart(phone, configured),
      };
    }),
  );
  await postOperatorEvents(
    tx,
    moves.map((move) => ({
      at: {
        orderId: null,
        moveId: move.id,
        memo: memoOf({ kind: 'member', orderId: null, agreementId: null, ...move }),
      },
      event: { kind: 'member_owed' as const, amountCents: move.amountCents },
    })),
  );
  return moves;
}

/**
 * Part of a forward agreement's deposit counted as paid on one of its orders, in the caller's transaction: no
 * provider call (the money is in escrow already), the escrow now the order's in the operator's books.
 */
export async function applyDeposit(
  tx: Tx,
  input: {
    agreementId: number;
    orderId: number;
    payerId: number;
    provider: MobileMoneyProvider;
    currency: string;
    amountCents: number;
  },
): Promise<MoveRow> {
  const move = await insertMove(tx, {
    kind: 'applied',
    orderId: input.orderId,
    agreementId: input.agreementId,
    userId: input.payerId,
    provider: input.provider,
    reference: newReference(input.provider),
    phone: null,
    amountCents: input.amountCents,
    currency: input.currency,
    status: 'succeeded',
    stage: 'done',
  });
  await postOperatorEvent(
    tx,
    {
      orderId: input.orderId,
      moveId: move.id,
      memo: `forward agreement #${input.agreementId} deposit counted on order #${input.orderId}`,
    },
    { kind: 'applied', amountCents: input.amountCents },
  );
  return move;
}

/** After the transaction that recorded moves commits: this instance works on them now (another would soon). */
export function wake(ctx: AppContext, moves: readonly Pick<MoveRow, 'id' | 'status'>[]): Promise<void> {
  const worker = paymentsWorker.of(ctx);
  return moves
    .filter((m) => m.status === 'pending')
    .reduce<Promise<unknown>>((done, m) => done.then(() => worker.runMove(m.id)), Promise.resolve())
    .then(() => undefined);
}

// ─── Providers' callbacks: hints, never proof ────────────────────────────────

/**
 * A provider says a move changed: only its status answer counts, so the move is made due and asked about now.
 * Unknown references, settled moves and wrong tokens change nothing.
 */
export async function hintFromProvider(
  ctx: AppContext,
  reference: string,
  check: (move: MoveRow) => boolean,
): Promise<boolean> {
  const move = await findMoveByReference(ctx.db, reference);
  if (move?.status !== 'pending' || !check(move)) {
    return false;
  }
  await hurryMove(ctx.db, move.id);
  // Answered at once (MTN wants a quick 200); the status question runs behind it.
  void paymentsWorker.of(ctx).runMove(move.id);
  return true;
}

// ─── Payouts that wait for a manager ─────────────────────────────────────────

const payoutNotFound = () => new AppError('notFound', 'payments.errors.notFound');

export function waitingPayouts(ctx: AppContext, limit: number) {
  return payoutsForManagers(ctx.db, limit);
}

/** A failed or waiting payout tried again: a new reference (the provider said the old one failed). */
export async function retryPayout(ctx: AppContext, id: number): Promise<MoveRow> {
  const move = await ctx.db.transaction(async (tx) => {
    const locked = await lockMove(tx, id);
    if (!locked || locked.kind === 'collection') {
      throw payoutNotFound();
    }
    if (!['failed', 'expired', 'waiting'].includes(locked.status)) {
      throw conflict('payments.errors.payoutNotRetryable');
    }
    if (!ctx.config.payments.momo?.disbursement) {
      throw new AppError('unprocessable', 'payments.errors.notConfigured', { provider: 'MTN MoMo' });
    }
    const phone = await provenNumberOf(tx, locked.userId);
    if (!phone) {
      throw conflict('payments.errors.payoutNoNumber');
    }
    return updateMove(tx, locked.id, {
      reference: newReference('mtn_momo'),
      previousReferences: [...locked.previousReferences, locked.reference],
      phone,
      status: 'pending',
      stage: 'start',
      attempts: 0,
      failureReason: null,
      detail: null,
      deadlineAt: null,
      claimedUntil: null,
      dueAt: new Date(),
    });
  });
  await wake(ctx, [move]);
  return move;
}

/** A payout a manager made by other means (cash, bank, another wallet): it is paid, with their reference. */
export async function recordPayoutByHand(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: z.output<typeof ZPayoutRecordInput>,
): Promise<MoveRow> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMove(tx, id);
    if (!locked || locked.kind === 'collection') {
      throw payoutNotFound();
    }
    if (locked.status === 'succeeded') {
      throw conflict('payments.errors.payoutFinal');
    }
    // One the provider holds may still be paid by it: only one it refused, or that never left, is paid by hand.
    if (locked.status === 'pending') {
      throw conflict('payments.errors.payoutNotRetryable');
    }
    const done = await updateMove(tx, locked.id, {
      status: 'succeeded',
      stage: 'done',
      method: input.method,
      handReference: input.reference,
      failureReason: null,
      requestedBy: user.id,
    });
    await postOperatorEvent(
      tx,
      {
        orderId: done.orderId,
        moveId: done.id,
        memo: `${memoOf(done)} by ${input.method}: ${input.reference}`,
      },
      {
        kind: 'paid_out',
        to: done.kind === 'refund' ? 'buyer' : 'seller',
        byHand: true,
        amountCents: done.amountCents,
      },
    );
    await settledHookOf(done).call(ctx, tx, done);
    return done;
  });
}
