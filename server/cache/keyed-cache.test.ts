// The one cache class: shared loads, bounds, drops (all, by key, by group, by event), no result kept from a load
// that a drop overtook or that failed, and reloads past an entry's age.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLiveEvent } from '../../contract/events';
import { KeyedCache } from './keyed-cache';

/** A load whose answer the test gives when it likes, counting its calls. */
function deferred<V>() {
  const calls: ((value: V) => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      calls.push(resolve);
      fails.push(reject);
    });
  return {
    load,
    get calls() {
      return calls.length;
    },
    answer(value: V, call = calls.length - 1) {
      calls[call]?.(value);
    },
    fail(error: Error, call = fails.length - 1) {
      fails[call]?.(error);
    },
  };
}

function counting<V>(make: (n: number) => V) {
  const load = async () => {
    load.calls += 1;
    return make(load.calls);
  };
  load.calls = 0;
  return load;
}

/** The part of the bus a cache uses: it hears every event. */
function fakeBus() {
  type Listener = (event: TLiveEvent, to: '*' | readonly number[]) => void;
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event: TLiveEvent) {
      for (const listener of listeners) {
        listener(event, []);
      }
    },
    get size() {
      return listeners.size;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyedCache', () => {
  it('loads a key once until it is dropped', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 10 });
    const load = counting((n) => n);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    cache.drop();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('runs a thenable load (a query builder, which runs again each time it is awaited) once', async () => {
    let runs = 0;
    const builder = {
      // biome-ignore lint/suspicious/noThenProperty: a query builder is such a thenable.
      then(resolve: (rows: number[]) => void) {
        runs += 1;
        resolve([runs]);
      },
    };
    const cache = new KeyedCache<number[]>({ maxEntries: 10 });
    const load = () => builder as unknown as Promise<number[]>;
    expect(await cache.get('k', load)).toEqual([1]);
    expect(await cache.get('k', load)).toEqual([1]);
    expect(await cache.get('k', load)).toEqual([1]);
    expect(runs).toBe(1);
  });

  it('shares a load under way with every caller of the key', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 10 });
    const slow = deferred<string>();
    const first = cache.get('k', slow.load);
    const second = cache.get('k', slow.load);
    expect(slow.calls).toBe(1);
    slow.answer('v');
    expect(await first).toBe('v');
    expect(await second).toBe('v');
    expect(await cache.get('k', slow.load)).toBe('v');
    expect(slow.calls).toBe(1);
  });

  it('does not keep a load that a drop overtook, nor let it evict the next one', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 10 });
    const slow = deferred<string>();
    const stale = cache.get('k', slow.load);
    cache.drop();
    const fresh = cache.get('k', async () => 'fresh');
    slow.answer('stale');
    expect(await stale).toBe('stale');
    expect(await fresh).toBe('fresh');
    expect(await cache.get('k', async () => 'again')).toBe('fresh');
  });

  it('starts a new load for callers after a drop, while the old one still answers its own', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 10 });
    const slow = deferred<string>();
    const before = cache.get('k', slow.load);
    cache.dropKey('k');
    const after = cache.get('k', slow.load);
    expect(slow.calls).toBe(2);
    slow.answer('old', 0);
    slow.answer('new', 1);
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get('k', slow.load)).toBe('new');
  });

  it('does not keep a load that was dropped before it even returned its promise', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 10 });
    const dropping = async () => {
      cache.dropKey('k');
      return 'stale';
    };
    expect(await cache.get('k', dropping)).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('forgets a failed load, whose callers all see the failure', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 10 });
    const failing = deferred<number>();
    const first = cache.get('x', failing.load);
    const second = cache.get('x', failing.load);
    failing.fail(new Error('no'));
    await expect(first).rejects.toThrow('no');
    await expect(second).rejects.toThrow('no');
    expect(await cache.get('x', async () => 1)).toBe(1);
    expect(await cache.get('x', async () => 2)).toBe(1);
  });

  it('does not let a failed load that a drop overtook forget the next one', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 10 });
    const failing = deferred<number>();
    const old = cache.get('x', failing.load);
    cache.drop();
    expect(await cache.get('x', async () => 1)).toBe(1);
    failing.fail(new Error('late'));
    await expect(old).rejects.toThrow('late');
    expect(await cache.get('x', async () => 2)).toBe(1);
  });

  it('starts afresh past its size', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 2 });
    await cache.get('x', async () => 1);
    await cache.get('y', async () => 2);
    expect(await cache.get('x', async () => 9)).toBe(1);
    await cache.get('z', async () => 3);
    expect(await cache.get('x', async () => 4)).toBe(4);
    expect(await cache.get('z', async () => 5)).toBe(3);
    await cache.get('w', async () => 6);
    expect(await cache.get('z', async () => 7)).toBe(7);
  });

  it('drops one key and leaves the others', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 10 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    cache.dropKey('a');
    cache.dropKey('nothing');
    expect(await cache.get('a', async () => 3)).toBe(3);
    expect(await cache.get('b', async () => 4)).toBe(2);
  });

  it('reloads an entry once it is max age old, counted from its load (fake timers)', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const cache = new KeyedCache<number>({ maxEntries: 10, maxAgeMs: 5_000 });
    const load = counting((n) => n);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(4_999);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('takes the time of the read from its caller when given', async () => {
    const cache = new KeyedCache<number>({ maxEntries: 10, maxAgeMs: 100 });
    const load = counting((n) => n);
    expect(await cache.get('a', load, { now: 0 })).toBe(1);
    expect(await cache.get('a', load, { now: 99 })).toBe(1);
    expect(await cache.get('a', load, { now: 100 })).toBe(2);
  });

  it('reloads a value from the time it says it reads differently (fake timers)', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const cache = new KeyedCache<{ n: number; until: number }>({
      maxEntries: 10,
      validUntil: (value) => value.until,
    });
    const load = counting((n) => ({ n, until: Date.now() + 1_000 }));
    expect((await cache.get('a', load)).n).toBe(1);
    vi.advanceTimersByTime(999);
    expect((await cache.get('a', load)).n).toBe(1);
    vi.advanceTimersByTime(1);
    expect((await cache.get('a', load)).n).toBe(2);
  });

  it('answers but never keeps a value it may not keep', async () => {
    const cache = new KeyedCache<number | null>({ maxEntries: 10, keep: (value) => value !== null });
    const none = counting(() => null);
    expect(await cache.get('a', none)).toBeNull();
    expect(await cache.get('a', none)).toBeNull();
    expect(none.calls).toBe(2);
    const some = counting((n) => n);
    expect(await cache.get('a', some)).toBe(1);
    expect(await cache.get('a', some)).toBe(1);
  });

  it('drops a group and only that group, bounding each group apart', async () => {
    const cache = new KeyedCache<string, string, number>({ maxEntries: 100, maxPerGroup: 2 });
    const load = counting((n) => `v${n}`);
    await cache.get('7|a', load, { group: 7 });
    await cache.get('7|b', load, { group: 7 });
    await cache.get('8|a', load, { group: 8 });
    cache.dropGroup(7);
    expect(await cache.get('7|a', load, { group: 7 })).toBe('v4');
    expect(await cache.get('8|a', load, { group: 8 })).toBe('v3');
    // A third key in group 7 starts that group afresh; group 8 keeps its own.
    await cache.get('7|b', load, { group: 7 });
    await cache.get('7|c', load, { group: 7 });
    expect(await cache.get('7|a', load, { group: 7 })).toBe('v7');
    expect(await cache.get('8|a', load, { group: 8 })).toBe('v3');
  });

  it('does not keep a load of a group that was dropped while it loaded', async () => {
    const cache = new KeyedCache<string, string, number>({ maxEntries: 10 });
    const slow = deferred<string>();
    const stale = cache.get('7|a', slow.load, { group: 7 });
    const other = cache.get('8|a', async () => 'eight', { group: 8 });
    cache.dropGroup(7);
    slow.answer('stale');
    expect(await stale).toBe('stale');
    expect(await cache.get('7|a', async () => 'fresh', { group: 7 })).toBe('fresh');
    expect(await other).toBe('eight');
    expect(await cache.get('8|a', async () => 'again', { group: 8 })).toBe('eight');
  });

  describe('with the group told by the value', () => {
    interface Session {
      user: number;
      n: number;
    }
    const sessions = () =>
      new KeyedCache<Session, string, number>({ maxEntries: 10, groupOf: (s) => s.user });

    it('drops every key of the group its values named', async () => {
      const cache = sessions();
      await cache.get('t1', async () => ({ user: 1, n: 1 }));
      await cache.get('t2', async () => ({ user: 1, n: 2 }));
      await cache.get('t3', async () => ({ user: 2, n: 3 }));
      cache.dropGroup(1);
      expect((await cache.get('t1', async () => ({ user: 1, n: 4 }))).n).toBe(4);
      expect((await cache.get('t2', async () => ({ user: 1, n: 5 }))).n).toBe(5);
      expect((await cache.get('t3', async () => ({ user: 2, n: 6 }))).n).toBe(3);
    });

    it('keeps no load that was under way at any group drop, and shares none with later callers', async () => {
      const cache = sessions();
      const slow = deferred<Session>();
      const before = cache.get('t', slow.load);
      cache.dropGroup(5);
      const after = cache.get('t', slow.load);
      expect(slow.calls).toBe(2);
      slow.answer({ user: 1, n: 1 }, 0);
      slow.answer({ user: 1, n: 2 }, 1);
      expect((await before).n).toBe(1);
      expect((await after).n).toBe(2);
      expect((await cache.get('t', slow.load)).n).toBe(2);
    });
  });

  it('reads a kept value at once, and keeps values made at once', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 2, maxAgeMs: 100 });
    const slow = deferred<string>();
    const loading = cache.get('a', slow.load, { now: 0 });
    expect(cache.peek('a', 0)).toBeUndefined();
    slow.answer('loaded');
    await loading;
    expect(cache.peek('a', 99)).toBe('loaded');
    expect(cache.peek('a', 100)).toBeUndefined();
    cache.set('b', 'given', { now: 0 });
    expect(await cache.get('b', async () => 'other', { now: 1 })).toBe('given');
    let made = 0;
    const make = () => `made ${++made}`;
    expect(cache.remember('c', make, { now: 0 })).toBe('made 1');
    expect(cache.remember('c', make, { now: 1 })).toBe('made 1');
    // Past its size the cache starts afresh, for values made at once as for loaded ones.
    cache.set('d', 'd', { now: 1 });
    cache.set('e', 'e', { now: 1 });
    expect(cache.remember('c', make, { now: 2 })).toBe('made 2');
    cache.drop();
    expect(cache.peek('c', 2)).toBeUndefined();
  });

  it('drops what each event names, until stopped', async () => {
    const bus = fakeBus();
    const cache = new KeyedCache<number, string, number>({ maxEntries: 10 });
    cache.dropOn(bus, (event) => {
      if (event.type === 'farm') {
        return { group: event.id };
      }
      if (event.type === 'post') {
        return { key: `post|${event.id}` };
      }
      return event.type === 'commodity' ? 'all' : null;
    });
    const load = counting((n) => n);
    await cache.get('farm|7', load, { group: 7 });
    await cache.get('post|3', load);
    await cache.get('post|4', load);
    bus.emit({ type: 'farm', id: 7 });
    bus.emit({ type: 'post', id: 3 });
    bus.emit({ type: 'bid', id: 4 });
    expect(await cache.get('farm|7', load, { group: 7 })).toBe(4);
    expect(await cache.get('post|3', load)).toBe(5);
    expect(await cache.get('post|4', load)).toBe(3);
    bus.emit({ type: 'commodity', id: 1 });
    expect(await cache.get('post|4', load)).toBe(6);
    cache.stop();
    expect(bus.size).toBe(0);
    bus.emit({ type: 'commodity', id: 1 });
    expect(await cache.get('post|4', load)).toBe(6);
  });
});
