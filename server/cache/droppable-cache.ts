// The base of every per-instance cache: values loaded on demand by key, all dropped at once when an event says
// what they were built from changed. A load under way at a drop still answers its own callers, but is not kept.

export class DroppableCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  /** `maxEntries` bounds memory: past it the cache starts afresh (hot keys come back at once). */
  constructor(private readonly maxEntries: number) {}

  /** The value for `key`, loaded once and shared by every caller until the next drop. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.entries.get(key);
    if (cached) {
      return cached;
    }
    const promise = load();
    if (this.entries.size >= this.maxEntries) {
      this.entries.clear();
    }
    this.entries.set(key, promise);
    promise.catch(() => {
      // A failed load is not kept (unless a newer load replaced it already).
      if (this.entries.get(key) === promise) {
        this.entries.delete(key);
      }
    });
    return promise;
  }

  drop(): void {
    this.entries.clear();
  }
}
