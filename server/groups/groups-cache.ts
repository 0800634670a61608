// Groups as their readers see them, per instance: a group's card (with the reader's membership and the member
// count) and each reader's first page of the groups list, read on every group screen and by every feed, settlement
// and statement request to decide access. Dropped when a group or its membership changes (its `group` event, heard
// from every instance, and on this one as it is written) or a user does (an account's name).
import type { z } from 'zod';
import type { ZGroupQuery } from '../../contract/groups';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { held } from '../module';
import type { GroupView } from './groups.repo';
import type { SettlementRow } from './settlements.repo';

/** Entries kept at once (past it the cache starts afresh). */
const MAX_ENTRIES = 20_000;
/** A safety net only (events are the freshness rule). */
const MAX_AGE_MS = 60_000;
const DROPPING_EVENTS = new Set(['group', 'user']);

/** A page of the groups list as sent, and the next page's cursor. */
export interface GroupsPage {
  body: Buffer;
  next: number | null;
}

export class GroupsCache {
  /** A group as one reader sees it (null: no such group, not kept). */
  private readonly views = new KeyedCache<GroupView | null>({
    maxEntries: MAX_ENTRIES,
    maxAgeMs: MAX_AGE_MS,
    keep: (view) => view !== null,
  });
  private readonly pages = new KeyedCache<GroupsPage>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
  /**
   * A co-operative's settlements (the rows: drafted, approved; their shares' payouts are read at each answer), by
   * group: its `group` event drops them (a settlement drafted or approved publishes one to its admins).
   */
  private readonly settlements = new KeyedCache<SettlementRow[], number>({
    maxEntries: MAX_ENTRIES,
    maxAgeMs: MAX_AGE_MS,
  });

  constructor(ctx: CoreContext) {
    for (const cache of [this.views, this.pages]) {
      cache.dropOn(ctx.bus, (event) => (DROPPING_EVENTS.has(event.type) ? 'all' : null));
    }
    this.settlements.dropOn(ctx.bus, (event) => (event.type === 'group' ? { key: event.id } : null));
  }

  settlementsOf(groupId: number, load: () => Promise<SettlementRow[]>): Promise<SettlementRow[]> {
    return this.settlements.get(groupId, load);
  }

  view(groupId: number, viewerId: number, load: () => Promise<GroupView | null>): Promise<GroupView | null> {
    return this.views.get(`${groupId}:${viewerId}`, load);
  }

  firstPage(
    viewer: { id: number; role: string },
    query: z.output<typeof ZGroupQuery>,
    load: () => Promise<GroupsPage>,
  ) {
    const key = JSON.stringify([
      viewer.id,
      viewer.role,
      query.kind,
      query.region,
      query.crop,
      query.q,
      query.mine,
      query.limit,
    ]);
    return this.pages.get(key, load);
  }

  /** After this instance's group writes commit (their event reaches every instance, this one too). */
  drop(): void {
    this.views.drop();
    this.pages.drop();
    this.settlements.drop();
  }
}

/** This instance's GroupsCache, built from its context on first use. */
export const groupsCache = held('groups.views', (ctx) => new GroupsCache(ctx));
