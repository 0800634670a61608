// The farm access kept for reads: answered from memory, dropped by the farm's events and drops, never kept stale.
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../contract/events';
import { FARM_ACCESS_MAX_AGE_MS, type FarmAccess, FarmAccessCache } from './farm-access-cache';

/** The part of the bus the cache uses: it hears every event. */
function fakeBus() {
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

const access = (role: FarmAccess['role']) => ({ farm: { id: 7 }, role }) as FarmAccess;

function counting(result: FarmAccess | null) {
  const load = async () => {
    load.calls += 1;
    return result;
  };
  load.calls = 0;
  return load;
}

describe('FarmAccessCache', () => {
  it('answers from memory until the max age, then loads again', async () => {
    const cache = new FarmAccessCache(fakeBus());
    const load = counting(access('worker'));
    expect(await cache.get(7, 1, load, 0)).toEqual(access('worker'));
    expect(await cache.get(7, 1, load, FARM_ACCESS_MAX_AGE_MS - 1)).toEqual(access('worker'));
    expect(load.calls).toBe(1);
    await cache.get(7, 1, load, FARM_ACCESS_MAX_AGE_MS);
    expect(load.calls).toBe(2);
  });

  it('keeps each member apart and never keeps a non-member', async () => {
    const cache = new FarmAccessCache(fakeBus());
    const none = counting(null);
    expect(await cache.get(7, 2, none)).toBeNull();
    expect(await cache.get(7, 2, none)).toBeNull();
    expect(none.calls).toBe(2);
    const viewer = counting(access('viewer'));
    expect(await cache.get(7, 3, viewer)).toEqual(access('viewer'));
    expect(await cache.get(7, 2, none)).toBeNull();
  });

  it("drops a farm on its 'farm' event and on drop, and only that farm", async () => {
    const bus = fakeBus();
    const cache = new FarmAccessCache(bus);
    const seven = counting(access('manager'));
    const eight = counting(access('owner'));
    await cache.get(7, 1, seven);
    await cache.get(8, 1, eight);
    bus.emit({ type: 'farm', id: 7 } as TLiveEvent);
    bus.emit({ type: 'post', id: 8 } as TLiveEvent);
    await cache.get(7, 1, seven);
    await cache.get(8, 1, eight);
    expect([seven.calls, eight.calls]).toEqual([2, 1]);
    cache.drop(8);
    await cache.get(8, 1, eight);
    expect(eight.calls).toBe(2);
  });

  it('does not keep an access loaded while the farm was dropped', async () => {
    const cache = new FarmAccessCache(fakeBus());
    const stale = async () => {
      cache.drop(7);
      return access('manager');
    };
    expect(await cache.get(7, 1, stale)).toEqual(access('manager'));
    const fresh = counting(null);
    expect(await cache.get(7, 1, fresh)).toBeNull();
    expect(fresh.calls).toBe(1);
  });
});
