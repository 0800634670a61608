// The coming events each reader sees (the Events tab as it opens, and a group's), per instance: read by everyone who
// opens the network, changed far less often. A list is dropped by what it shows changing: an event announced,
// changed, answered or checked in (`calendar`), a group's name or membership (`group`: members-only events), a
// user's name (`user`: organisers), an intake (`stock`: a collection day's totals). It also reads differently once
// one of its events ends, and at the latest after a minute (an event coming into the 90 days' reach, a lesson's
// new title).
import type { TCalendarEvent } from '../../contract/calendar';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import type { SessionUser } from '../http/access';
import { held } from '../module';

const MAX_LISTS = 20_000;
const MAX_AGE_MS = 60_000;
const DROPPING_EVENTS = new Set(['calendar', 'group', 'user', 'stock']);

export interface ComingEvents {
  events: TCalendarEvent[];
  /** The first moment one of them ends when listed from now (ms since the epoch): it reads differently from then. */
  firstEnd: number;
}

export class CalendarCache {
  private readonly lists = new KeyedCache<ComingEvents>({
    maxEntries: MAX_LISTS,
    maxAgeMs: MAX_AGE_MS,
    validUntil: (list) => list.firstEnd,
  });

  constructor(ctx: CoreContext) {
    this.lists.dropOn(ctx.bus, (event) => (DROPPING_EVENTS.has(event.type) ? 'all' : null));
  }

  /** The reader's coming events (from now or a day; of one group, or all they see), as `load` reads them. */
  coming(
    user: SessionUser,
    query: { from?: string | undefined; groupId?: number | undefined; limit: number },
    load: () => Promise<ComingEvents>,
  ): Promise<ComingEvents> {
    const key = JSON.stringify([user.id, user.role, user.language, query.from, query.groupId, query.limit]);
    return this.lists.get(key, load);
  }
}

/** This instance's CalendarCache, built from its context on first use. */
export const calendarCache = held('calendar.coming', (ctx) => new CalendarCache(ctx));
