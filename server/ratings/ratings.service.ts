// Ratings after delivery: the rules of who rates whom and when, a user's record, and a manager hiding a note.

import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, conflict, notFound } from '../http/errors';
import { orderForRating, orderRecordOf, ratingsChanged } from './hooks';
import { ratingSummaryOf } from './lookups';
import {
  findRatingView,
  type RatingRow,
  type RatingView,
  ratingsOfOrder,
  ratingsReceived,
  setRatingHidden,
  upsertRating,
} from './ratings.repo';

/** How many of the ratings a user received a profile lists. */
export const PROFILE_RATINGS_SHOWN = 20;

const orderNotFound = () => notFound('ratings.errors.orderNotFound');

async function announce(ctx: AppContext, tx: Tx, row: RatingRow): Promise<void> {
  // Public: a user's aggregate is on every listing card and bid line, which every signed-in user may read.
  await ctx.bus.publish(tx, { type: 'rating', id: row.id }, 'public');
}

/** After the commit: this instance's cached listing pages carry the old aggregate (others hear the event). */
function dropCachedCards(ctx: AppContext): void {
  ratingsChanged.call(ctx);
}

/** The order as its buyer or seller sees it for rating; anyone else is told it does not exist (a manager: 403). */
async function partyOrder(tx: Tx, user: SessionUser, orderId: number) {
  const order = await orderForRating.call(tx, orderId);
  if (!order) {
    throw orderNotFound();
  }
  if (order.buyerId !== user.id && order.sellerId !== user.id) {
    // Managers see every order, so a refusal tells them nothing new; to others the order does not exist.
    throw user.role === 'manager' ? new AppError('forbidden', 'ratings.errors.notParty') : orderNotFound();
  }
  return { ...order, otherId: order.buyerId === user.id ? order.sellerId : order.buyerId };
}

/**
 * The buyer or the seller of a completed order rates the other (once; a second call changes it while the edit window
 * is open, and is refused after it).
 */
export async function rateOrder(
  ctx: AppContext,
  options: { user: SessionUser; orderId: number; score: number; note: string | null },
): Promise<RatingView> {
  const { user, orderId, score, note } = options;
  const row = await ctx.db.transaction(async (tx) => {
    const order = await partyOrder(tx, user, orderId);
    if (!order.completed) {
      throw conflict('ratings.errors.notCompleted');
    }
    const saved = await upsertRating(tx, {
      orderId,
      raterId: user.id,
      rateeId: order.otherId,
      raterSide: order.buyerId === user.id ? 'buyer' : 'seller',
      commodityName: order.commodityName,
      score,
      note,
    });
    if (!saved) {
      throw conflict('ratings.errors.editClosed');
    }
    await announce(ctx, tx, saved);
    return saved;
  });
  dropCachedCards(ctx);
  const view = await findRatingView(ctx.db, row.id);
  if (!view) {
    throw orderNotFound();
  }
  return view;
}

/** The two ratings of an order, to its buyer and seller only. */
export async function ratingsOfOrderFor(
  ctx: AppContext,
  options: { user: SessionUser; orderId: number },
): Promise<{ mine: RatingView | null; theirs: RatingView | null; completed: boolean }> {
  const { user, orderId } = options;
  const order = await partyOrder(ctx.db, user, orderId);
  const views = await ratingsOfOrder(ctx.db, orderId);
  return {
    mine: views.find((v) => v.rating.raterId === user.id) ?? null,
    theirs: views.find((v) => v.rating.raterId !== user.id) ?? null,
    completed: order.completed,
  };
}

/** A user's aggregate, their order record and the latest ratings they received: any signed-in user may read it. */
export async function userRatings(ctx: AppContext, options: { userId: number }) {
  const { userId } = options;
  if (!(await findUserById(ctx.db, userId))) {
    throw notFound('ratings.errors.userNotFound');
  }
  const [summary, record, items] = await Promise.all([
    ratingSummaryOf(ctx.db, userId),
    orderRecordOf.call(ctx.db, userId),
    ratingsReceived(ctx.db, userId, PROFILE_RATINGS_SHOWN),
  ]);
  return { userId, summary, record, items };
}

/** A manager hides an abusive note (its score still counts) or shows it again. */
export async function moderateRating(
  ctx: AppContext,
  options: { user: SessionUser; id: number; hidden: boolean },
): Promise<RatingView> {
  const { user, id, hidden } = options;
  await ctx.db.transaction(async (tx) => {
    const row = await setRatingHidden(tx, id, hidden ? user.id : null);
    if (!row) {
      throw notFound('ratings.errors.ratingNotFound');
    }
    await announce(ctx, tx, row);
  });
  const view = await findRatingView(ctx.db, id);
  if (!view) {
    throw notFound('ratings.errors.ratingNotFound');
  }
  return view;
}
