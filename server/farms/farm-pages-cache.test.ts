import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../contract/events';
import { FARM_PAGE_MAX_AGE_MS, FarmPagesCache } from './farm-pages-cache';

/** The part of the bus the cache uses: it hears every event. */
function bus() {
  type Listener = (event: TLiveEvent, to: '*' | readonly number[]) => void;
  const listeners: Listener[] = [];
  return {
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => undefined;
    },
    emit(event: TLiveEvent) {
      for (const listener of listeners) {
        listener(event, []);
      }
    },
  };
}

function counter() {
  let loads = 0;
  return {
    load: async () => Buffer.from(String(++loads)),
    get loads() {
      return loads;
    },
  };
}

describe('FarmPagesCache', () => {
  it('loads an answer once per farm and key, until an event of that farm drops it', async () => {
    const events = bus();
    const cache = new FarmPagesCache(events);
    const c = counter();
    expect(String(await cache.get(1, 'a', c.load, 0))).toBe('1');
    expect(String(await cache.get(1, 'a', c.load, 1))).toBe('1');
    expect(String(await cache.get(1, 'b', c.load, 1))).toBe('2');
    expect(String(await cache.get(2, 'a', c.load, 1))).toBe('3');
    events.emit({ type: 'sensor_data', id: 1 });
    expect(String(await cache.get(1, 'a', c.load, 2))).toBe('4');
    expect(String(await cache.get(2, 'a', c.load, 2))).toBe('3');
    // Events naming something else than a farm leave the farms alone (the books send a 'farm' notice too).
    events.emit({ type: 'transaction', id: 2 });
    expect(String(await cache.get(2, 'a', c.load, 3))).toBe('3');
    for (const type of ['farm', 'analytics'] as const) {
      events.emit({ type, id: 2 });
      const before = c.loads;
      await cache.get(2, 'a', c.load, 3);
      expect(c.loads).toBe(before + 1);
    }
  });

  it('reloads past the max age and keeps no failed load', async () => {
    const cache = new FarmPagesCache(bus());
    const c = counter();
    await cache.get(1, 'a', c.load, 0);
    await cache.get(1, 'a', c.load, FARM_PAGE_MAX_AGE_MS - 1);
    expect(c.loads).toBe(1);
    await cache.get(1, 'a', c.load, FARM_PAGE_MAX_AGE_MS);
    expect(c.loads).toBe(2);
    await expect(cache.get(3, 'a', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(String(await cache.get(3, 'a', c.load, 0))).toBe('3');
  });

  it('does not keep a load that was under way at a drop, but answers its callers', async () => {
    const cache = new FarmPagesCache(bus());
    let release: (body: Buffer) => void = () => undefined;
    const slow = cache.get(1, 'a', () => new Promise<Buffer>((resolve) => (release = resolve)), 0);
    cache.drop(1);
    release(Buffer.from('old'));
    expect(String(await slow)).toBe('old');
    expect(String(await cache.get(1, 'a', async () => Buffer.from('new'), 0))).toBe('new');
  });
});
