import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardItem, resumeOutbox, retryItem, waitForOutcome } from './outbox-actions';
import { OUTBOX_ERRORS } from './outbox-item';
import { itemRef } from './outbox-placeholders';
import type { OutboxStore } from './outbox-store';
import { clock, draft, freshStore, type Scripted, scriptedFetch } from './outbox-test-kit';
import { nextWakeAt, REPLAY_LOCK, replayOutbox, SENDING_LEASE_MS } from './replay';

function setup(script: Scripted[] = []) {
  const { name, store } = freshStore();
  const net = scriptedFetch(script);
  const time = clock();
  const replay = (userId = 1) => replayOutbox({ userId, store, fetchImpl: net.fetchImpl, now: time.now });
  return { name, store, net, time, replay };
}

const states = async (store: OutboxStore, userId = 1) => (await store.list(userId)).map((item) => item.state);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('replayOutbox: order, retries and exactly once', () => {
  it('retries a network error then a 500 with the same key, then sends once, in order', async () => {
    const { store, net, time, replay } = setup(['network', { status: 500, body: { message: 'boom' } }]);
    const first = await store.add(draft(1, { path: '/api/posts', body: { content: 'one' } }));
    const second = await store.add(draft(1, { path: '/api/bids', body: { amount: 25_000 } }));

    expect(await replay()).toMatchObject({ sent: 0, waiting: 2, paused: false });
    expect(net.sent).toHaveLength(1); // offline: the pass stops instead of hammering
    const saved = await store.get(first.id);
    expect(saved).toMatchObject({ state: 'saved', attempts: 1, error: OUTBOX_ERRORS.network });
    expect(saved?.nextAttemptAt).toBe(time.now() + 2_000);

    await replay(); // not due yet: nothing goes, and the second item waits behind the first
    expect(net.sent).toHaveLength(1);

    time.advance(2_000);
    await replay(); // the 500
    expect(await store.get(first.id)).toMatchObject({ state: 'saved', attempts: 2 });
    expect((await store.get(first.id))?.nextAttemptAt).toBe(time.now() + 4_000);

    time.advance(4_000);
    expect(await replay()).toMatchObject({ sent: 2, refused: 0, waiting: 0, paused: false, busy: false });
    await replay(); // nothing is sent twice
    expect(net.sent.map((request) => request.path)).toEqual([
      '/api/posts',
      '/api/posts',
      '/api/posts',
      '/api/bids',
    ]);
    const keys = net.sent.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys.slice(0, 3))).toEqual(new Set([first.idempotencyKey]));
    expect(keys[3]).toBe(second.idempotencyKey);
    expect(await store.get(first.id)).toMatchObject({ state: 'sent', attempts: 3, result: { id: 101 } });
  });

  it('sends JSON with the same-origin cookie, and a DELETE without a body or content type', async () => {
    const { store, net, replay } = setup([{ status: 200, body: { id: 5 } }, { status: 204 }]);
    await store.add(draft(1, { method: 'PATCH', path: '/api/listings/5', body: { price: 1200 } }));
    const removal = await store.add(draft(1, { method: 'DELETE', path: '/api/bids/9', body: undefined }));
    await replay();
    expect(net.sent[0]).toMatchObject({
      method: 'PATCH',
      body: { price: 1200 },
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(net.sent[1]?.headers['content-type']).toBeUndefined();
    expect(net.sent[1]?.body).toBeUndefined();
    expect(await store.get(removal.id)).toMatchObject({ state: 'sent', result: null });
  });

  it('sends a CSV body as it is, with its own content type', async () => {
    const { store, net, replay } = setup([{ status: 201, body: { accepted: 1 } }]);
    const csv = 'timestamp,type,value\n2024-05-01T00:00:00Z,temperature,21.5\n';
    await store.add(draft(1, { path: '/api/farms/3/sensor-data.csv', body: csv, contentType: 'text/csv' }));
    await replay();
    expect(net.sent[0]).toMatchObject({ body: csv, headers: { 'content-type': 'text/csv' } });
  });

  it('honours Retry-After on a 429', async () => {
    const { store, time, replay } = setup([{ status: 429, headers: { 'retry-after': '30' } }]);
    const item = await store.add(draft(1));
    await replay();
    expect((await store.get(item.id))?.nextAttemptAt).toBe(time.now() + 30_000);
  });
});

describe('replayOutbox: refused, sign-in and other users', () => {
  it('keeps a 409 as refused with the server’s message, sends the rest, and lets the user retry or discard', async () => {
    const refusal = { status: 409, body: { message: 'Listing withdrawn', code: 'conflict' } };
    const { store, net, replay } = setup([refusal, { status: 201, body: { id: 1 } }, refusal]);
    const bid = await store.add(draft(1, { path: '/api/listings/3/bids' }));
    const post = await store.add(draft(1, { path: '/api/posts' }));

    expect(await replay()).toMatchObject({ sent: 1, refused: 1, waiting: 0 });
    expect(await store.get(bid.id)).toMatchObject({ state: 'refused', error: 'Listing withdrawn' });
    expect(await store.get(post.id)).toMatchObject({ state: 'sent' });
    await replay();
    expect(net.sent).toHaveLength(2); // a refused item is never resent on its own

    const retried = await retryItem(bid.id, { store });
    expect(retried).toMatchObject({ state: 'saved', error: null, attempts: 0 });
    await replay();
    expect(net.sent).toHaveLength(3);
    // The server keeps its refusal under the old key; only a new one lets the user's retry be heard.
    expect(net.sent[2]?.headers['idempotency-key']).toBe(retried?.idempotencyKey);
    expect(retried?.idempotencyKey).not.toBe(bid.idempotencyKey);
    expect(await store.get(bid.id)).toMatchObject({ state: 'refused' });

    expect(await discardItem(post.id, { store })).toBe(false); // sent: history, not the user's to drop
    expect(await discardItem(bid.id, { store })).toBe(true);
    expect((await store.list(1)).map((item) => item.id)).toEqual([post.id]);
  });

  it('pauses on a 401 without sending what follows, and resumes for the same user', async () => {
    const { store, net, replay } = setup([
      { status: 401, body: { message: 'Sign in', code: 'unauthorized' } },
    ]);
    await store.add(draft(1, { path: '/api/first' }));
    await store.add(draft(1, { path: '/api/second' }));
    expect(await replay()).toMatchObject({ sent: 0, paused: true, waiting: 2 });
    await replay();
    expect(net.sent.map((request) => request.path)).toEqual(['/api/first']);
    expect(await states(store)).toEqual(['auth', 'saved']);
    expect(nextWakeAt(await store.list(1))).toBeNull(); // no timer hammers a signed-out session

    await resumeOutbox(1, { store });
    expect(await replay()).toMatchObject({ sent: 2, paused: false, waiting: 0 });
    expect(net.sent.map((request) => request.path)).toEqual(['/api/first', '/api/first', '/api/second']);
  });

  it('never sends another user’s items', async () => {
    const { store, net, replay } = setup();
    await store.add(draft(2, { path: '/api/theirs' }));
    await store.add(draft(1, { path: '/api/mine' }));
    expect(await replay(1)).toMatchObject({ sent: 1, waiting: 0 });
    expect(net.sent.map((request) => request.path)).toEqual(['/api/mine']);
    expect(await states(store, 2)).toEqual(['saved']);
  });
});

describe('replayOutbox: items that build on earlier ones', () => {
  it('waits for the post, then comments on the id the server gave it', async () => {
    const { store, net, time, replay } = setup(['network', { status: 201, body: { id: 42 } }]);
    const post = await store.add(draft(1, { path: '/api/posts' }));
    const comment = await store.add(
      draft(1, {
        path: `/api/posts/${itemRef(post.id, 'id')}/comments`,
        body: { postId: itemRef(post.id, 'id'), content: `re ${itemRef(post.id, 'id')}` },
        dependsOn: post.id,
      }),
    );
    await replay();
    expect(await states(store)).toEqual(['saved', 'saved']);
    time.advance(2_000);
    await replay();
    expect(net.sent.map((request) => request.path)).toEqual([
      '/api/posts',
      '/api/posts',
      '/api/posts/42/comments',
    ]);
    expect(net.sent[2]?.body).toEqual({ postId: 42, content: 're 42' });
    expect(await store.get(comment.id)).toMatchObject({ state: 'sent' });
  });

  it('refuses a dependent item when its dependency is refused or discarded, without sending it', async () => {
    const { store, net, replay } = setup([
      { status: 404, body: { message: 'No such listing', code: 'notFound' } },
    ]);
    const post = await store.add(draft(1, { path: '/api/posts' }));
    const comment = await store.add(draft(1, { path: `/api/posts/${itemRef(post.id, 'id')}/comments` }));
    expect(await replay()).toMatchObject({ refused: 2, sent: 0 });
    expect(await store.get(comment.id)).toMatchObject({
      state: 'refused',
      error: OUTBOX_ERRORS.dependencyRefused,
    });
    expect(net.sent).toHaveLength(1);

    const base = await store.add(draft(1));
    const reaction = await store.add(draft(1, { dependsOn: base.id, path: '/api/reactions' }));
    await discardItem(base.id, { store });
    expect(await store.get(reaction.id)).toMatchObject({ state: 'refused' });
  });
});

function fakeLocks() {
  const held = new Set<string>();
  const request = async (name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) => {
    if (held.has(name)) {
      return callback(null);
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      held.delete(name);
    }
  };
  return { held, locks: { request } };
}

/** A fetch that takes a moment, so concurrent passes really overlap. */
function slowFetch() {
  const net = scriptedFetch();
  const fetchImpl = async (path: string, init: RequestInit) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return net.fetchImpl(path, init);
  };
  return { fetchImpl, sent: net.sent };
}

describe('replayOutbox: one sender at a time', () => {
  it('never sends an item twice from two concurrent calls in one page', async () => {
    const { store } = freshStore();
    const net = slowFetch();
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      await store.add(draft(1, { path }));
    }
    const [one, two] = await Promise.all([
      replayOutbox({ userId: 1, store, fetchImpl: net.fetchImpl }),
      replayOutbox({ userId: 1, store, fetchImpl: net.fetchImpl }),
    ]);
    expect([one?.busy, two?.busy].sort()).toEqual([false, true]);
    expect(net.sent.map((request) => request.path)).toEqual(['/api/a', '/api/b', '/api/c']);
  });

  it('never sends an item twice from two tabs without Web Locks', async () => {
    const { name, store } = freshStore();
    const net = slowFetch();
    for (const path of ['/api/a', '/api/b', '/api/c', '/api/d']) {
      await store.add(draft(1, { path }));
    }
    // Two copies of the module, as in two tabs: each has its own in-page guard, so only the store decides.
    vi.resetModules();
    const tabA = await import('./replay');
    vi.resetModules();
    const tabB = await import('./replay');
    const storeB = (await import('./outbox-store')).createOutboxStore(name);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([
        tabA.replayOutbox({ userId: 1, store, fetchImpl: net.fetchImpl }),
        tabB.replayOutbox({ userId: 1, store: storeB, fetchImpl: net.fetchImpl }),
      ]);
    }
    expect(net.sent.map((request) => request.path)).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
    expect(await states(store)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('returns at once while another tab holds the Web Lock', async () => {
    const fake = fakeLocks();
    vi.stubGlobal('navigator', { locks: fake.locks });
    const { store, net, replay } = setup();
    await store.add(draft(1));
    fake.held.add(REPLAY_LOCK);
    expect(await replay()).toMatchObject({ busy: true, sent: 0 });
    expect(net.sent).toHaveLength(0);
    fake.held.delete(REPLAY_LOCK);
    expect(await replay()).toMatchObject({ busy: false, sent: 1 });
  });

  it('resends an item left "sending" by a closed tab: at once under the lock, after the lease without', async () => {
    const { store, net, time, replay } = setup();
    const item = await store.add(draft(1));
    await store.update(item.id, (current) => ({
      ...current,
      state: 'sending',
      attempts: 1,
      updatedAt: time.now(),
    }));
    await replay(); // no lock: it may be another tab's live request
    expect(net.sent).toHaveLength(0);
    time.advance(SENDING_LEASE_MS);
    await replay();
    expect(net.sent).toHaveLength(1);

    const again = await store.add(draft(1));
    await store.update(again.id, (current) => ({
      ...current,
      state: 'sending',
      attempts: 1,
      updatedAt: time.now(),
    }));
    vi.stubGlobal('navigator', { locks: fakeLocks().locks });
    await replay();
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]?.headers['idempotency-key']).toBe(again.idempotencyKey);
  });
});

describe('waitForOutcome', () => {
  it('resolves with the sent item and its result, or with the saved item when the answer does not come', async () => {
    const { store, replay } = setup([{ status: 201, body: { id: 9 } }, 'network']);
    const quick = await store.add(draft(1));
    const waiting = waitForOutcome(quick.id, { store });
    await replay();
    expect(await waiting).toMatchObject({ state: 'sent', result: { id: 9 } });

    const slow = await store.add(draft(1));
    const pending = waitForOutcome(slow.id, { store, timeoutMs: 20 });
    await replay();
    expect(await pending).toMatchObject({ state: 'saved', error: OUTBOX_ERRORS.network });
  });
});
