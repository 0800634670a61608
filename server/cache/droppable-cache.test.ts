// The cache base: shared loads, drops, and no result kept from a load that a drop overtook.
import { describe, expect, it } from 'vitest';
import { DroppableCache } from './droppable-cache';

describe('DroppableCache', () => {
  it('loads a key once until it is dropped', async () => {
    const cache = new DroppableCache<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.drop();
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep a load that a drop overtook, nor let it evict the next one', async () => {
    const cache = new DroppableCache<string>(10);
    let release: (v: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.drop();
    const fresh = cache.get('k', async () => 'fresh');
    release('stale');
    expect(await slow).toBe('stale');
    expect(await fresh).toBe('fresh');
    expect(await cache.get('k', async () => 'again')).toBe('fresh');
  });

  it('forgets a failed load and starts afresh past its size', async () => {
    const cache = new DroppableCache<number>(2);
    await expect(cache.get('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('x', async () => 1)).toBe(1);
    await cache.get('y', async () => 2);
    await cache.get('z', async () => 3);
    expect(await cache.get('x', async () => 4)).toBe(4);
  });
});
