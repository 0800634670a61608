// The one per-instance cache: values loaded on demand by key and shared by concurrent callers, bounded, reloaded
// past their age, and dropped (all, by key, by group) when an event says what they were built from changed.
import type { EventBus } from '../events/bus';

type Listener = Parameters<EventBus['subscribe']>[0];

/** What an event drops: everything, one key, or one group's keys (a farm's pages, a user's sessions). */
export type CacheDrop<K, G> = 'all' | { key: K } | { group: G };

export interface KeyedCacheOptions<V, G> {
  /** Entries kept at once: past it the cache starts afresh (the hot keys come back at once). */
  maxEntries: number;
  /** Entries kept per group: past it the group starts afresh, so one group cannot push the others out. */
  maxPerGroup?: number;
  /**
   * A safety net, not the freshness rule (events are): an entry is loaded again once this old, counted from the
   * start of its load, so a lost event leaves it stale at most this long.
   */
  maxAgeMs?: number;
  /** Until when (ms since the epoch) a loaded value reads the same with no event (a window closing, contacts). */
  validUntil?: (value: V) => number;
  /** Whether a loaded value may be kept: one that may not (a non-member's access) still answers its callers. */
  keep?: (value: V) => boolean;
  /**
   * The group of a value when its key cannot tell it before the load (a session token's user). Until its load ends
   * such an entry could belong to any group, so every group drop forgets it.
   */
  groupOf?: (value: V) => G;
}

export interface CacheGetOptions<G> {
  /** The group the key belongs to (dropped together by `dropGroup`). */
  group?: G;
  /** The time of the read (ms since the epoch); tests and callers with a clock of their own pass it. */
  now?: number;
}

interface Entry<V, G> {
  value: Promise<V>;
  /** The value once loaded and kept (for the synchronous reads). */
  loaded?: { value: V };
  /** When its load started. */
  at: number;
  /** Until when it reads the same: known once loaded. */
  until: number;
  group: G | undefined;
}

/**
 * A load under way at a drop still answers its own callers, but is not kept, and the next caller starts a new one
 * (a drop removes the entry; a load keeps its result only while its own entry is still the key's). A failed load is
 * not kept either.
 */
export class KeyedCache<V, K = string, G = number> {
  private readonly entries = new Map<K, Entry<V, G>>();
  private readonly groups = new Map<G, Set<K>>();
  /** Keys whose load is under way and whose group only their value will tell (see `groupOf`). */
  private readonly ungrouped = new Set<K>();
  private readonly unsubscribes: (() => void)[] = [];
  /** Counts drops, to see one made by a load itself before it returned its promise. */
  private drops = 0;

  constructor(private readonly options: KeyedCacheOptions<V, G>) {}

  /** The value for `key`: loaded once and shared by every caller until a drop, its age or its `validUntil`. */
  get(key: K, load: () => Promise<V>, options: CacheGetOptions<G> = {}): Promise<V> {
    const now = options.now ?? Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (this.fresh(hit, now)) {
        return hit.value;
      }
      this.remove(key, hit);
    }
    const drops = this.drops;
    // Made a promise of its own: a query builder is a thenable that runs its query again each time it is awaited.
    const value = Promise.resolve(load());
    if (this.drops !== drops) {
      // Something was dropped before the load returned: its result may predate the change, so it is not kept.
      return value;
    }
    const entry: Entry<V, G> = { value, at: now, until: Number.POSITIVE_INFINITY, group: options.group };
    this.add(key, entry);
    value.then(
      (loaded) => this.settle(key, entry, loaded),
      () => {
        if (this.entries.get(key) === entry) {
          this.remove(key, entry);
        }
      },
    );
    return value;
  }

  /** The value kept for `key` if loaded and still fresh, without loading: undefined when there is none. */
  peek(key: K, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    return hit?.loaded && this.fresh(hit, now) ? hit.loaded.value : undefined;
  }

  /** Keeps `value` for `key` as if loaded now (a value made at once, or learnt from elsewhere). */
  set(key: K, value: V, options: CacheGetOptions<G> = {}): void {
    const hit = this.entries.get(key);
    if (hit) {
      this.remove(key, hit);
    }
    const at = options.now ?? Date.now();
    const entry: Entry<V, G> = {
      value: Promise.resolve(value),
      at,
      until: Number.POSITIVE_INFINITY,
      group: options.group,
    };
    this.add(key, entry);
    this.settle(key, entry, value);
  }

  /** For values made at once rather than loaded: the kept value for `key`, else `make`'s, kept. */
  remember(key: K, make: () => V, options: CacheGetOptions<G> = {}): V {
    const kept = this.peek(key, options.now);
    if (kept !== undefined) {
      return kept;
    }
    const value = make();
    this.set(key, value, options);
    return value;
  }

  /** Forgets everything (loads under way answer their callers and are not kept). */
  drop(): void {
    this.drops += 1;
    this.entries.clear();
    this.groups.clear();
    this.ungrouped.clear();
  }

  dropKey(key: K): void {
    this.drops += 1;
    const entry = this.entries.get(key);
    if (entry) {
      this.remove(key, entry);
    }
  }

  /** Forgets the group's keys, and every load under way whose group is not known yet. */
  dropGroup(group: G): void {
    this.drops += 1;
    for (const key of this.groups.get(group) ?? []) {
      this.entries.delete(key);
    }
    this.groups.delete(group);
    for (const key of this.ungrouped) {
      this.entries.delete(key);
    }
    this.ungrouped.clear();
  }

  /**
   * Drops what `rule` names for each event the bus delivers (from every instance, this one included: the listener
   * hears its own NOTIFYs), until `stop`; this instance's own events also as they are written, before they commit
   * (their audience then unknown: '*'), so that a writer's next read is never answered from before its write.
   */
  dropOn(
    bus: Pick<EventBus, 'subscribe'>,
    rule: (...heard: Parameters<Listener>) => CacheDrop<K, G> | null,
  ): void {
    const unsubscribe = bus.subscribe(
      (event, to) => {
        const what = rule(event, to);
        if (what === 'all') {
          this.drop();
        } else if (what && 'key' in what) {
          this.dropKey(what.key);
        } else if (what) {
          this.dropGroup(what.group);
        }
      },
      { asWritten: true },
    );
    this.unsubscribes.push(unsubscribe);
  }

  /** Stops hearing the bus (the app's close). */
  stop(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) {
      unsubscribe();
    }
  }

  private fresh(entry: Entry<V, G>, now: number): boolean {
    return now - entry.at < (this.options.maxAgeMs ?? Number.POSITIVE_INFINITY) && now < entry.until;
  }

  private add(key: K, entry: Entry<V, G>): void {
    if (this.entries.size >= this.options.maxEntries) {
      this.drop();
    }
    if (entry.group !== undefined) {
      this.index(key, entry.group);
    } else if (this.options.groupOf) {
      this.ungrouped.add(key);
    }
    this.entries.set(key, entry);
  }

  /** Files the key under its group, starting the group afresh past `maxPerGroup`. */
  private index(key: K, group: G): void {
    let keys = this.groups.get(group);
    if (keys && keys.size >= (this.options.maxPerGroup ?? Number.POSITIVE_INFINITY)) {
      for (const old of keys) {
        this.entries.delete(old);
      }
      keys = undefined;
    }
    if (!keys) {
      keys = new Set();
      this.groups.set(group, keys);
    }
    keys.add(key);
  }

  private settle(key: K, entry: Entry<V, G>, value: V): void {
    if (this.entries.get(key) !== entry) {
      // Dropped, replaced or pushed out while loading.
      return;
    }
    const { keep, validUntil, groupOf } = this.options;
    if (keep && !keep(value)) {
      this.remove(key, entry);
      return;
    }
    entry.until = validUntil?.(value) ?? Number.POSITIVE_INFINITY;
    entry.loaded = { value };
    if (entry.group === undefined && groupOf) {
      this.ungrouped.delete(key);
      entry.group = groupOf(value);
      this.index(key, entry.group);
    }
  }

  private remove(key: K, entry: Entry<V, G>): void {
    this.entries.delete(key);
    this.ungrouped.delete(key);
    if (entry.group === undefined) {
      return;
    }
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) {
      this.groups.delete(entry.group);
    }
  }
}
