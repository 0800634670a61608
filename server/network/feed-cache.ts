// In-memory cache of the feed's first pages (posts, comments, who reacted), dropped by post/comment/reaction events.
import type { TLiveEvent } from '../../contract/events';
import type { ReactionType } from '../../contract/network';
import type { AppContext } from '../context';
import {
  type CommentWithAuthor,
  listCommentsOf,
  listPostsPage,
  listReactionsOf,
  type PostWithAuthor,
  type ReactionTally,
} from './posts.repo';

/** Only pages at or above this depth are kept: deep pages are rare and would only churn the cache. */
const MAX_CACHED_PAGES = 50;

interface ReactionRow {
  postId: number;
  userId: number;
  type: ReactionType;
}

export interface FeedPage {
  rows: PostWithAuthor[];
  comments: CommentWithAuthor[];
  reactions: ReactionRow[];
}

const DROPPING_EVENTS = new Set<TLiveEvent['type']>(['post', 'comment', 'reaction', 'user']);

export class FeedCache {
  private readonly pages = new Map<string, Promise<FeedPage>>();
  /** Bumped on every drop, so a load that started before a change is not kept. */
  private generation = 0;

  constructor(private readonly ctx: AppContext) {
    ctx.bus.subscribe((event) => {
      if (DROPPING_EVENTS.has(event.type)) {
        this.drop();
      }
    });
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  drop(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** `limit + 1` rows from `cursor` on, with the comments and reactions of those posts. */
  page(limit: number, cursor: number | undefined): Promise<FeedPage> {
    const key = `${limit}:${cursor ?? ''}`;
    const cached = this.pages.get(key);
    if (cached) {
      return cached;
    }
    const generation = this.generation;
    const promise = this.load(limit, cursor);
    if (this.pages.size >= MAX_CACHED_PAGES) {
      this.pages.clear();
    }
    this.pages.set(key, promise);
    promise.then(
      () => {
        if (generation !== this.generation) {
          this.pages.delete(key);
        }
      },
      () => {
        this.pages.delete(key);
      },
    );
    return promise;
  }

  private async load(limit: number, cursor: number | undefined): Promise<FeedPage> {
    const rows = await listPostsPage(this.ctx.db, { limit: limit + 1, cursor });
    const ids = rows.slice(0, limit).map((r) => r.post.id);
    const [comments, reactions] = await Promise.all([
      listCommentsOf(this.ctx.db, ids),
      listReactionsOf(this.ctx.db, ids),
    ]);
    return { rows, comments, reactions };
  }
}

/** Counts per post and type, and whether the viewer is among those who reacted. */
export function talliesFor(reactions: ReactionRow[], viewerId: number): ReactionTally[] {
  const byKey = new Map<string, ReactionTally>();
  for (const r of reactions) {
    const key = `${r.postId}:${r.type}`;
    let tally = byKey.get(key);
    if (!tally) {
      tally = { postId: r.postId, type: r.type, count: 0, mine: false };
      byKey.set(key, tally);
    }
    tally.count += 1;
    if (r.userId === viewerId) {
      tally.mine = true;
    }
  }
  return [...byKey.values()];
}

const caches = new WeakMap<AppContext, FeedCache>();

export function feedCache(ctx: AppContext): FeedCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new FeedCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}
