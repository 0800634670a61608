// In-memory cache of the feed's first pages (posts, comments, who reacted), dropped by post/comment/reaction events.
import type { TLiveEvent } from '../../contract/events';
import { ZPost } from '../../contract/network';
import type { ReactionType } from '../../contract/network-constants';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { jsonArray, jsonText } from '../http/json-body';
import { held } from '../module';
import { type PhotoPair, photoPairsOf } from '../photos';
import { OUTSIDER, presentPost, type Viewer } from './network.present';
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

/** One post of a cached page with what its presentation needs, and its text as an outsider sees it. */
interface FeedPost {
  row: PostWithAuthor;
  comments: CommentWithAuthor[];
  reactions: ReactionRow[];
  photos: PhotoPair[];
  /** Those who see this post differently from an outsider: its author, its commenters, those who reacted. */
  involved: Set<number>;
  text: string;
}

export interface FeedPage {
  /** `limit + 1` rows: the extra one tells whether another page exists. */
  rows: PostWithAuthor[];
  posts: FeedPost[];
  /** The whole page as an outsider sees it, made at the first such request and sent as it is after that. */
  outsiderBody?: Buffer;
  /** The whole page as each viewer who asked sees it, kept as long as the page. */
  bodies: KeyedCache<Buffer>;
}

/** Viewers whose page body is kept per page (past it the page's bodies start afresh). */
const MAX_VIEWER_BODIES = 1000;

const DROPPING_EVENTS = new Set<TLiveEvent['type']>(['post', 'comment', 'reaction', 'user']);

export class FeedCache {
  private readonly pages = new KeyedCache<FeedPage>({ maxEntries: MAX_CACHED_PAGES });

  constructor(private readonly ctx: CoreContext) {
    this.pages.dropOn(ctx.bus, (event) => (DROPPING_EVENTS.has(event.type) ? 'all' : null));
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  drop(): void {
    this.pages.drop();
  }

  /** `limit + 1` rows from `cursor` on, with the comments and reactions of those posts. */
  page(limit: number, cursor: number | undefined): Promise<FeedPage> {
    return this.pages.get(`${limit}:${cursor ?? ''}`, () => this.load(limit, cursor));
  }

  private async load(limit: number, cursor: number | undefined): Promise<FeedPage> {
    const rows = await listPostsPage(this.ctx.db, { limit: limit + 1, cursor });
    const page = rows.slice(0, limit);
    const ids = page.map((r) => r.post.id);
    const [comments, reactions, photos] = await Promise.all([
      listCommentsOf(this.ctx.db, ids),
      listReactionsOf(this.ctx.db, ids),
      photoPairsOf(this.ctx.db, 'post', ids),
    ]);
    const commentsOf = groupBy(comments, (c) => c.comment.postId);
    const reactionsOf = groupBy(reactions, (r) => r.postId);
    const posts = page.map((row): FeedPost => {
      const post = {
        row,
        comments: commentsOf.get(row.post.id) ?? [],
        reactions: reactionsOf.get(row.post.id) ?? [],
        photos: photos.get(row.post.id) ?? [],
      };
      const involved = new Set([
        row.post.authorId,
        ...post.comments.map((c) => c.comment.authorId),
        ...post.reactions.map((r) => r.userId),
      ]);
      return { ...post, involved, text: postText(post, OUTSIDER) };
    });
    return { rows, posts, bodies: new KeyedCache({ maxEntries: MAX_VIEWER_BODIES }) };
  }
}

function postText(post: Omit<FeedPost, 'involved' | 'text'>, viewer: Viewer): string {
  const tallies = talliesFor(post.reactions, viewer.id);
  return jsonText(
    ZPost,
    presentPost(post.row, viewer, { comments: post.comments, tallies, photos: post.photos }),
  );
}

/**
 * A page of the feed as this viewer sees it: most posts are the same for everyone, so only those the viewer wrote,
 * commented on or reacted to (or every post, for a moderator) are presented again.
 */
export function feedBody(page: FeedPage, viewer: Viewer): Buffer {
  // What a viewer sees of a page depends on who they are and whether they moderate, and on nothing else.
  const key = viewer.moderator ? `${viewer.id}|m` : `${viewer.id}`;
  return page.bodies.remember(key, () => viewerBody(page, viewer));
}

function viewerBody(page: FeedPage, viewer: Viewer): Buffer {
  if (!viewer.moderator && !page.posts.some((post) => post.involved.has(viewer.id))) {
    page.outsiderBody ??= jsonArray(page.posts.map((post) => post.text));
    return page.outsiderBody;
  }
  return jsonArray(
    page.posts.map((post) =>
      viewer.moderator || post.involved.has(viewer.id) ? postText(post, viewer) : post.text,
    ),
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) {
      list.push(item);
    } else {
      out.set(k, [item]);
    }
  }
  return out;
}

/** Counts per post and type, and whether the viewer is among those who reacted. */
function talliesFor(reactions: ReactionRow[], viewerId: number): ReactionTally[] {
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

/** This instance's FeedCache, built from its context on first use. */
export const feedCache = held('network.feed', (ctx) => new FeedCache(ctx));
