// Per-instance cache of the farm pages' serialised answers (analytics, financials) per farm, dropped by its events.
import { type SQL, sql } from 'drizzle-orm';
import type { TLiveEvent } from '../../contract/events';
import type { EventBus } from '../events/bus';

/**
 * A safety net, not the freshness rule (events are): a NOTIFY lost while an instance's listener reconnects leaves
 * an answer stale at most this long. Answers that depend on the date are keyed by it as well.
 */
export const FARM_PAGE_MAX_AGE_MS = 60_000;
/** Farms kept at once: past it the cache starts afresh (the hot farms come back at once). */
const MAX_FARMS = 2000;
/** Answers kept per farm (query variants of the analytics, days of the financials). */
const MAX_KEYS_PER_FARM = 20;

/** Events whose id is a farm whose pages they change: readings, results, surveys, members, the books (see below). */
const DROPPING_EVENTS = new Set<TLiveEvent['type']>(['farm', 'sensor_data', 'analytics']);

interface Entry {
  body: Promise<Buffer>;
  at: number;
}

export class FarmPagesCache {
  private readonly farms = new Map<number, Map<string, Entry>>();

  constructor(bus: Pick<EventBus, 'subscribe'>) {
    // Heard from every instance, this one included (the listener also hears its own NOTIFYs).
    bus.subscribe((event) => {
      if (DROPPING_EVENTS.has(event.type)) {
        this.drop(event.id);
      }
    });
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  drop(farmId: number): void {
    this.farms.delete(farmId);
  }

  /**
   * The answer for (farm, key), loaded once and shared by every caller until the farm's next drop or its max age.
   * A load under way at a drop still answers its own callers but is not kept; a failed load is not kept.
   */
  get(farmId: number, key: string, load: () => Promise<Buffer>, now = Date.now()): Promise<Buffer> {
    let entries = this.farms.get(farmId);
    const hit = entries?.get(key);
    if (hit && now - hit.at < FARM_PAGE_MAX_AGE_MS) {
      return hit.body;
    }
    if (!entries) {
      if (this.farms.size >= MAX_FARMS) {
        this.farms.clear();
      }
      entries = new Map();
      this.farms.set(farmId, entries);
    }
    if (entries.size >= MAX_KEYS_PER_FARM) {
      entries.clear();
    }
    const body = load();
    const entry = { body, at: now };
    entries.set(key, entry);
    const kept = entries;
    body.catch(() => {
      if (kept.get(key) === entry) {
        kept.delete(key);
      }
    });
    return body;
  }
}

/**
 * The NOTIFY that drops a farm's cached pages on every instance, for a write whose own event names something else
 * (a transaction, a sale): a 'farm' event for no browser (its audience is empty), heard by the caches only.
 */
export function farmPagesChangedSql(bus: EventBus, farmId: number): SQL {
  return bus.notifySql({ type: 'farm', id: sql`${farmId}` }, { userIds: [] });
}
