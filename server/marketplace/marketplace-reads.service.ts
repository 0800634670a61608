// What the marketplace's pages read: listings (public and one's own), bids, trades, requests and their answers.
import type { BidStatus } from '../../contract/marketplace';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { sweepExpiredBids } from './bid-closing';
import {
  answersOf,
  listBids,
  listOpenRequests,
  listOwnListings,
  listPublicListings,
  listTradesOf,
} from './marketplace.repo';
import { bidsFilterOf, ownersActedFor } from './marketplace.service';

/** A page of a list: `limit` rows, one more when there is a next page. */
interface PageAsked {
  limit: number;
  cursor?: string | undefined;
}

/** Every listing not withdrawn, those one can still buy first. */
export function publicListingsPage(ctx: AppContext, page: PageAsked) {
  return listPublicListings(ctx.db, page.limit, page.cursor);
}

/** The listings the user works on: their own, and an agent's the farmers they represent. */
export async function ownListingsPage(ctx: AppContext, user: SessionUser, page: PageAsked) {
  return listOwnListings(ctx.db, await ownersActedFor(ctx, user), page.limit, page.cursor);
}

/** The bids the user may read (see `bidsFilterOf`), lapsed ones expired first. */
export async function bidsPage(
  ctx: AppContext,
  user: SessionUser,
  query: PageAsked & { status?: BidStatus | undefined; farmer?: number | undefined },
) {
  await sweepExpiredBids(ctx);
  const filter = await bidsFilterOf(ctx, user, query.farmer);
  return listBids(
    ctx.db,
    { ...filter, ...(query.status ? { status: query.status } : {}) },
    query.limit,
    query.cursor,
  );
}

/** The user's trades, as buyer or seller. */
export function tradesPage(ctx: AppContext, user: SessionUser, page: PageAsked) {
  return listTradesOf(ctx.db, user.id, page.limit, page.cursor);
}

/** Open requests: a buyer's own, everyone's to the others. */
export function openRequestsPage(ctx: AppContext, user: SessionUser, page: PageAsked) {
  return listOpenRequests(ctx.db, user.role === 'buyer' ? user.id : null, page.limit, page.cursor);
}

/** The answers to these requests. */
export function requestAnswers(ctx: AppContext, requestIds: number[]) {
  return answersOf(ctx.db, requestIds);
}
