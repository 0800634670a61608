import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clock, draft, freshStore, scriptedFetch } from './outbox-test-kit';
import { replayOutbox } from './replay';
import { BATCH_ITEM_MAX_CHARS } from './send-batch';

describe('replayOutbox in batches', () => {
  it('sends ready items in one request with their own keys, settles each, and requeues those not reached', async () => {
    const { store } = freshStore();
    const time = clock();
    const net = scriptedFetch([
      {
        status: 200,
        body: {
          results: [
            { status: 201, body: { id: 7 }, retryAfter: null },
            { status: 409, body: { message: 'Listing withdrawn', code: 'conflict' }, retryAfter: null },
            { status: 503, body: { message: 'Busy', code: 'unavailable' }, retryAfter: null },
          ],
        },
      },
    ]);
    const items = [];
    for (const content of ['one', 'two', 'three', 'four']) {
      items.push(await store.add(draft(1, { body: { content } })));
    }
    const summary = await replayOutbox({
      userId: 1,
      store,
      fetchImpl: net.fetchImpl,
      now: time.now,
      batch: true,
    });
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]?.path).toBe('/api/batch');
    const body = net.sent[0]?.body as { requests: { path: string; idempotencyKey: string; body: unknown }[] };
    expect(body.requests.map((r) => r.idempotencyKey)).toEqual(items.map((i) => i.idempotencyKey));
    expect(body.requests.map((r) => r.body)).toEqual([
      { content: 'one' },
      { content: 'two' },
      { content: 'three' },
      { content: 'four' },
    ]);
    expect(summary).toMatchObject({ sent: 1, refused: 1 });
    const after = await store.list(1);
    expect(after.map((i) => i.state)).toEqual(['sent', 'refused', 'saved', 'saved']);
    expect(after[0]?.result).toEqual({ id: 7 });
    expect(after[1]?.error).toBe('Listing withdrawn');
    // The fault counts as an attempt; the write the server never reached does not.
    expect(after.map((i) => i.attempts)).toEqual([1, 1, 1, 0]);
  });

  it('sends a write with photos alone, never inside a batch (it would pass the body limit)', async () => {
    const { store } = freshStore();
    const time = clock();
    const done = { status: 201, body: { id: 1 }, retryAfter: null };
    const net = scriptedFetch([
      { status: 200, body: { results: [done, done] } },
      { status: 201, body: { id: 9 } },
      { status: 200, body: { results: [done, done] } },
    ]);
    const photos = ['A'.repeat(BATCH_ITEM_MAX_CHARS)];
    await store.add(draft(1, { body: { content: 'one' } }));
    await store.add(draft(1, { body: { content: 'two' } }));
    await store.add(draft(1, { path: '/api/orders/3/dispute/reply', body: { note: 'Dry', photos } }));
    await store.add(draft(1, { body: { content: 'three' } }));
    await store.add(draft(1, { body: { content: 'four' } }));
    await replayOutbox({ userId: 1, store, fetchImpl: net.fetchImpl, now: time.now, batch: true });
    const big = net.sent.filter((r) => JSON.stringify(r.body).includes(photos[0] ?? ''));
    expect(big.map((r) => r.path)).toEqual(['/api/orders/3/dispute/reply']);
    expect(net.sent.map((r) => r.path)).toEqual(['/api/batch', '/api/orders/3/dispute/reply', '/api/batch']);
    expect((await store.list(1)).map((i) => i.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('falls back to one request per item on a server without batches', async () => {
    const { store } = freshStore();
    const time = clock();
    const net = scriptedFetch([{ status: 404, body: { message: 'Not found', code: 'notFound' } }]);
    await store.add(draft(1, { body: { content: 'a' } }));
    await store.add(draft(1, { body: { content: 'b' } }));
    await replayOutbox({ userId: 1, store, fetchImpl: net.fetchImpl, now: time.now, batch: true });
    expect(net.sent.map((r) => r.path)).toEqual(['/api/batch', '/api/posts', '/api/posts']);
    expect((await store.list(1)).map((i) => i.state)).toEqual(['sent', 'sent']);
  });
});
