// What payments need from modules above them, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { hook } from '../module';
import type { MoveRow } from './moves.repo';

/**
 * A move reached a final state (or a payout now waits for a manager), in the transaction that records it: what it
 * pays for takes it in (an order's payment, its seller's books, a refund given back) and tells its people.
 */
export const moveSettled =
  hook<(ctx: AppContext, tx: Tx, move: MoveRow) => Promise<void>>('payments.moveSettled');

/** Whether a payee's payouts stay with the operator for their members (a co-operative's marketplace party). */
export const pooledPayee = hook<(tx: Tx, userId: number) => Promise<boolean>>('payments.pooledPayee');

/** A co-operative member's payout (a `member` move, no order) reached a final state, in the transaction recording it. */
export const memberPayoutSettled = hook<(ctx: AppContext, tx: Tx, move: MoveRow) => Promise<void>>(
  'payments.memberPayoutSettled',
);

/**
 * A forward agreement's own move (its deposit's collection, its advance, its deposit's end) reached a final state,
 * in the transaction recording it: the agreement takes it in.
 */
export const agreementMoveSettled = hook<(ctx: AppContext, tx: Tx, move: MoveRow) => Promise<void>>(
  'payments.agreementMoveSettled',
);
