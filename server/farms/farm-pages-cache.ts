// Per-instance cache of the farm pages' serialised answers (analytics, financials, crop plans, tasks) per farm,
// dropped by its events.
import { type SQL, sql } from 'drizzle-orm';
import type { TLiveEvent } from '../../contract/events';
import { KeyedCache } from '../cache/keyed-cache';
import type { EventBus } from '../events/bus';
import { held } from '../module';

/**
 * A safety net, not the freshness rule (events are): a NOTIFY lost while an instance's listener reconnects leaves
 * an answer stale at most this long. Answers that depend on the date are keyed by it as well.
 */
export const FARM_PAGE_MAX_AGE_MS = 60_000;
/** Farms kept at once, and answers per farm (query variants of the analytics, days of the financials). */
const MAX_FARMS = 2000;
const MAX_KEYS_PER_FARM = 20;

/**
 * Events whose id is a farm whose pages they change: readings, results, surveys, members, the books (see below),
 * its crops (plots, plans, tasks, inputs, harvests) and the provider's weather (analyses, expected yields).
 */
const DROPPING_EVENTS = new Set<TLiveEvent['type']>(['farm', 'sensor_data', 'analytics', 'crops', 'weather']);

export class FarmPagesCache {
  /** Keyed by farm and answer, grouped by farm. */
  private readonly pages = new KeyedCache<Buffer, string, number>({
    maxEntries: MAX_FARMS * MAX_KEYS_PER_FARM,
    maxPerGroup: MAX_KEYS_PER_FARM,
    maxAgeMs: FARM_PAGE_MAX_AGE_MS,
  });

  constructor(bus: Pick<EventBus, 'subscribe'>) {
    this.pages.dropOn(bus, (event) => (DROPPING_EVENTS.has(event.type) ? { group: event.id } : null));
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  drop(farmId: number): void {
    this.pages.dropGroup(farmId);
  }

  /**
   * The answer for (farm, key), loaded once and shared by every caller until the farm's next drop or its max age.
   * A load under way at a drop still answers its own callers but is not kept; a failed load is not kept.
   */
  get(farmId: number, key: string, load: () => Promise<Buffer>, now = Date.now()): Promise<Buffer> {
    return this.pages.get(`${farmId}|${key}`, load, { group: farmId, now });
  }
}

/**
 * The NOTIFY that drops a farm's cached pages on every instance, for a write whose own event names something else
 * (a transaction, a sale): a 'farm' event for no browser (its audience is empty), heard by the caches only.
 */
export function farmPagesChangedSql(bus: EventBus, farmId: number): SQL {
  return bus.notifySql({ type: 'farm', id: sql`${farmId}` }, { userIds: [] });
}

/** This instance's FarmPagesCache, built from its context on first use. */
export const farmPagesCache = held('farms.pages', (ctx) => new FarmPagesCache(ctx.bus));
