// A member's share payout after approval: tried again after a failure (a new reference), recorded as paid in cash
// when the member has no proven number, and taken in when it settles (the co-operative's books, the member told).

import type { TSettlement } from '../../contract/groups';
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { moneyText } from '../http/money-text';
import { notify } from '../notifications';
import { findMove, type MoveRow, recordPayoutByHand, retryPayout } from '../payments';
import { coopPost } from './coop-books';
import { memberPaidEntry } from './coop-posting';
import { coopFor } from './group-access';
import { groupView, peopleOf } from './groups.repo';
import { settlementOfGroup, shareOf, shareOfMove } from './settlements.repo';
import { getSettlement } from './settlements-read';
import { statementCache } from './statement-cache';

const shareNotFound = () => new AppError('notFound', 'groups.errors.shareNotFound');

/** The share's payout move, when the caller administers the co-operative and the settlement is approved. */
async function payoutOfShare(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
  memberId: number,
) {
  await coopFor(ctx.db, user, groupId, 'manage');
  const settlement = await settlementOfGroup(ctx.db, groupId, id);
  if (!settlement) {
    throw new AppError('notFound', 'groups.errors.settlementNotFound');
  }
  if (settlement.status !== 'approved') {
    throw conflict('groups.errors.settlementDraft');
  }
  const share = await shareOf(ctx.db, id, memberId);
  const move = share?.moveId == null ? null : await findMove(ctx.db, share.moveId);
  if (!move) {
    throw shareNotFound();
  }
  return move;
}

/** A failed payout (or one waiting for an account) tried again with a new reference. */
export async function retryShare(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
  memberId: number,
): Promise<TSettlement> {
  const move = await payoutOfShare(ctx, user, groupId, id, memberId);
  if (
    !['failed', 'expired'].includes(move.status) &&
    !(move.status === 'waiting' && move.failureReason !== 'no_proven_number')
  ) {
    throw conflict('groups.errors.shareNotRetryable');
  }
  await retryPayout(ctx, move.id);
  // The member is not told of a new try: their statement here now, elsewhere within the cache's age.
  statementCache.of(ctx).dropMembers([memberId]);
  return getSettlement(ctx, user, groupId, id);
}

/** A share the co-operative paid in cash (no proven number, or mobile money refused), with its reference. */
export async function payShareInCash(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
  memberId: number,
  reference: string,
): Promise<TSettlement> {
  const move = await payoutOfShare(ctx, user, groupId, id, memberId);
  if (move.status === 'succeeded' || move.status === 'pending') {
    throw conflict('groups.errors.shareNotCash');
  }
  await recordPayoutByHand(ctx, user, move.id, { method: 'cash', reference });
  statementCache.of(ctx).dropMembers([memberId]);
  return getSettlement(ctx, user, groupId, id);
}

/** Fills payments' `memberPayoutSettled`: a paid share leaves the co-operative's pool; the member hears either way. */
export async function takeMemberPayout(ctx: AppContext, tx: Tx, move: MoveRow): Promise<void> {
  const found = await shareOfMove(tx, move.id);
  if (!found) {
    return;
  }
  const view = await groupView(tx, found.groupId, move.userId);
  const group = view?.group.name ?? '';
  const member = (await peopleOf(tx, [move.userId])).get(move.userId);
  if (move.status === 'succeeded') {
    await coopPost(
      tx,
      found.groupId,
      `paid:${move.id}`,
      today(),
      'coop.memos.memberPaid',
      { member: member?.username ?? '', method: move.method },
      memberPaidEntry(move.amountCents, false),
    );
  }
  if (move.status === 'waiting') {
    return;
  }
  const language = member?.language ?? 'en';
  await notify(tx, ctx, [move.userId], {
    type: 'coop_payout',
    data: {
      group,
      net: moneyText(language, centsToDecimal(move.amountCents)),
      reason: move.status === 'succeeded' ? 'succeeded' : 'failed',
      ...(move.failureReason ? { failureKey: `payments.reasons.${move.failureReason}` } : {}),
    },
    link: `/groups/${found.groupId}`,
  });
}
