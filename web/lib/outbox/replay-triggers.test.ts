import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draft, freshStore, scriptedFetch } from './outbox-test-kit';
import { startOutboxReplay } from './replay-triggers';

/** One turn of IndexedDB (real setImmediate) and of timers already due (fake, time does not move). */
async function turn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(0);
}

/** Lets IndexedDB and the pass settle until `done` holds. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let round = 0; round < 500; round += 1) {
    if (await done()) {
      return;
    }
    await turn();
  }
  throw new Error('condition never held');
}

/** Gives stray work a chance to run, to show that nothing happens. */
async function settle(): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    await turn();
  }
}

beforeEach(() => {
  // Only timers and the clock are fake: fake-indexeddb schedules its work with the real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startOutboxReplay', () => {
  it('sends at start, again at the retry time, at once for a new item and when back online; not after stop', async () => {
    const { store } = freshStore();
    const net = scriptedFetch([{ status: 503 }, { status: 201, body: { id: 1 } }, 'network']);
    const paths = () => net.sent.map((request) => request.path);
    await store.add(draft(1, { path: '/api/first' }));
    const stop = startOutboxReplay(1, { store, fetchImpl: net.fetchImpl });

    await until(async () => (await store.list(1))[0]?.state === 'saved' && net.sent.length === 1);
    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(paths()).toEqual(['/api/first']);
    await vi.advanceTimersByTimeAsync(1);
    await until(async () => (await store.list(1))[0]?.state === 'sent');

    await store.add(draft(1, { path: '/api/second' })); // the network error: kept with a 2 s back-off
    await until(async () => (await store.list(1))[1]?.error === 'outbox.errors.network');
    window.dispatchEvent(new Event('online'));
    await until(async () => (await store.list(1))[1]?.state === 'sent');
    expect(paths()).toEqual(['/api/first', '/api/first', '/api/second', '/api/second']);

    stop();
    await store.add(draft(1, { path: '/api/third' }));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(paths()).toHaveLength(4);
  });

  it('resumes items paused by a 401 when started for that user, and leaves other users alone', async () => {
    const { store } = freshStore();
    const net = scriptedFetch();
    const mine = await store.add(draft(1, { path: '/api/mine' }));
    await store.add(draft(2, { path: '/api/theirs' }));
    await store.update(mine.id, (current) => ({ ...current, state: 'auth', error: 'Sign in' }));
    const stop = startOutboxReplay(1, { store, fetchImpl: net.fetchImpl });
    await until(async () => (await store.get(mine.id))?.state === 'sent');
    await settle();
    stop();
    expect(net.sent.map((request) => request.path)).toEqual(['/api/mine']);
  });
});
