// Per-instance cache of a group feed's pages (posts with their comments, serialised once), the same for every reader
// of the group: who may read is still checked at each request (feed.service.ts). Dropped at once by this
// instance's posts and comments, and by the others' through their NOTIFY.
import { z } from 'zod';
import { ZGroupPost } from '../../contract/groups';
import { KeyedCache } from '../cache/keyed-cache';
import type { EventBus } from '../events/bus';
import { jsonText } from '../http/json-body';
import { held } from '../module';

/**
 * A safety net, not the freshness rule (events are): a NOTIFY lost while an instance's listener reconnects leaves a
 * page stale at most this long.
 */
const FEED_MAX_AGE_MS = 60_000;
/** Groups whose pages are kept at once, and pages per group (sizes and depths read). */
const MAX_GROUPS = 2000;
const MAX_PAGES_PER_GROUP = 10;

/** A page of a group's feed, as `GET /api/groups/:id/posts` answers it. */
export const ZFeedPage = z.object({ data: z.array(ZGroupPost) });

/** A page as sent: its body and the cursor of the next page. */
export interface FeedPageBody {
  body: Buffer;
  next: number | null;
}

export class GroupFeedCache {
  /** Keyed by group, size and cursor; grouped by group. */
  private readonly pages = new KeyedCache<FeedPageBody, string, number>({
    maxEntries: MAX_GROUPS * MAX_PAGES_PER_GROUP,
    maxPerGroup: MAX_PAGES_PER_GROUP,
    maxAgeMs: FEED_MAX_AGE_MS,
  });

  constructor(bus: Pick<EventBus, 'subscribe'>) {
    this.pages.dropOn(bus, (event) => (event.type === 'group_feed' ? { group: event.id } : null));
  }

  /** Called by this instance's writes right after commit (the other instances hear the NOTIFY). */
  drop(groupId: number): void {
    this.pages.dropGroup(groupId);
  }

  /** The page, loaded once and shared until the group's next post or comment (or its max age). */
  page(
    groupId: number,
    page: { cursor?: number | undefined; limit: number },
    load: () => Promise<{ items: z.output<typeof ZGroupPost>[]; next: number | null }>,
  ): Promise<FeedPageBody> {
    return this.pages.get(
      `${groupId}|${page.limit}|${page.cursor ?? ''}`,
      async () => {
        const { items, next } = await load();
        return { body: Buffer.from(jsonText(ZFeedPage, { data: items })), next };
      },
      { group: groupId },
    );
  }
}

/** This instance's GroupFeedCache, built from its context on first use. */
export const groupFeedCache = held('groups.feed', (ctx) => new GroupFeedCache(ctx.bus));
