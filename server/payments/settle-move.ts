// A move's final state (or a payout's wait for a manager) recorded once: in the move, in the operator's books, and
// by what it pays for (the `moveSettled` hook), in one transaction.
import type { AppContext } from '../context';
import { agreementMoveSettled, memberPayoutSettled, moveSettled } from './hooks';
import { lockMove, type MoveRow, postOperatorEvent, updateMove } from './moves.repo';

/** What a provider's final answer makes of a move. */
export type MoveFinal = Pick<MoveRow, 'status'> &
  Partial<Pick<MoveRow, 'failureReason' | 'detail' | 'transactionId'>>;

/** The operator's entry memo of a move, in English for whoever audits the books (users read the statuses). */
export function memoOf(
  move: Pick<MoveRow, 'kind' | 'orderId' | 'agreementId' | 'reference' | 'status'>,
): string {
  const order =
    move.orderId !== null
      ? `order #${move.orderId} `
      : move.agreementId !== null
        ? `agreement #${move.agreementId} `
        : '';
  return `${order}${move.kind} ${move.status} (${move.reference})`;
}

/** Settles a pending move once: a second answer for it (a callback's run, another instance) changes nothing. */
export async function settleMove(ctx: AppContext, moveId: number, final: MoveFinal): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const move = await lockMove(tx, moveId);
    if (move?.status !== 'pending') {
      return;
    }
    const done = await updateMove(tx, move.id, {
      ...final,
      stage: final.status === 'waiting' ? 'start' : 'done',
      claimedUntil: null,
    });
    if (done.status === 'succeeded') {
      const event =
        done.kind === 'collection'
          ? ({ kind: 'collected', amountCents: done.amountCents } as const)
          : done.pooled
            ? ({ kind: 'pooled', amountCents: done.amountCents } as const)
            : ({
                kind: 'paid_out',
                to: done.kind === 'refund' ? 'buyer' : 'seller',
                byHand: false,
                amountCents: done.amountCents,
              } as const);
      await postOperatorEvent(tx, { orderId: done.orderId, moveId: done.id, memo: memoOf(done) }, event);
    }
    await settledHookOf(done).call(ctx, tx, done);
  });
}

/** Who takes a settled move in: a member's payout its co-operative, an agreement's own move the agreement, else the order. */
export function settledHookOf(move: Pick<MoveRow, 'kind' | 'orderId' | 'agreementId'>) {
  if (move.kind === 'member') {
    return memberPayoutSettled;
  }
  return move.agreementId !== null && move.orderId === null ? agreementMoveSettled : moveSettled;
}
