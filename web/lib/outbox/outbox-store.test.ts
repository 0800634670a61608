import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { onOutboxChange } from './outbox-notifier';
import { createOutboxStore } from './outbox-store';
import { draft, freshStore } from './outbox-test-kit';

const DAY = 24 * 60 * 60_000;

describe('outbox store', () => {
  it('has the item written before add resolves, and keeps it across a reload', async () => {
    const { name, store } = freshStore();
    const item = await store.add(draft(1));
    // Another connection (another tab, or the page after a reload) sees it at once.
    const other = createOutboxStore(name);
    expect(await other.get(item.id)).toEqual(item);
    await store.close();
    await other.close();
    const reloaded = createOutboxStore(name);
    const [kept] = await reloaded.list(1);
    expect(kept).toMatchObject({
      id: item.id,
      state: 'saved',
      idempotencyKey: item.idempotencyKey,
      attempts: 0,
    });
    expect(kept?.idempotencyKey).toMatch(/^outbox-[0-9a-f]{32}$/);
    await reloaded.close();
  });

  it('rejects add when the write fails, so the screen never confirms a lost item', async () => {
    const { store } = freshStore();
    // A function cannot be stored (DataCloneError): the failure must reach the caller, not be swallowed.
    await expect(store.add(draft(1, { body: { broken: () => 1 } }))).rejects.toThrow();
    expect(await store.list(1)).toEqual([]);
  });

  it('keeps the key of a request already tried online, and refuses a key the server would refuse', async () => {
    const { store } = freshStore();
    const item = await store.add(draft(1, { idempotencyKey: 'tx-lx1-abc' }));
    expect(item.idempotencyKey).toBe('tx-lx1-abc');
    await expect(store.add(draft(1, { idempotencyKey: 'has space' }))).rejects.toThrow(/idempotency key/);
  });

  it('lists one user in the order the items were made, never another user', async () => {
    const { store } = freshStore();
    const first = await store.add(draft(1, { path: '/api/a' }));
    await store.add(draft(2, { path: '/api/other-user' }));
    const second = await store.add(draft(1, { path: '/api/b' }));
    const third = await store.add(draft(1, { path: '/api/c' }));
    expect((await store.list(1)).map((item) => item.id)).toEqual([first.id, second.id, third.id]);
    expect((await store.list(1)).map((item) => item.seq)).toEqual([1, 2, 3]);
    expect((await store.list(2)).map((item) => item.path)).toEqual(['/api/other-user']);
  });

  it('refuses a dependency on an unknown or another user’s item, and a path off this origin', async () => {
    const { store } = freshStore();
    const theirs = await store.add(draft(2));
    await expect(store.add(draft(1, { dependsOn: theirs.id }))).rejects.toThrow(/not one of this user/);
    await expect(store.add(draft(1, { dependsOn: 'nope' }))).rejects.toThrow(/not one of this user/);
    await expect(store.add(draft(1, { path: 'https://evil.example/api' }))).rejects.toThrow(/same-origin/);
    expect(await store.list(1)).toEqual([]);
  });

  it('discards only what is not sent nor being sent', async () => {
    const { store } = freshStore();
    const saved = await store.add(draft(1));
    const sending = await store.add(draft(1));
    const sent = await store.add(draft(1));
    await store.update(sending.id, (item) => ({ ...item, state: 'sending' }));
    await store.update(sent.id, (item) => ({ ...item, state: 'sent' }));
    expect(await store.discard(saved.id)).toBe(true);
    expect(await store.discard(sending.id)).toBe(false);
    expect(await store.discard(sent.id)).toBe(false);
    expect((await store.list(1)).map((item) => item.id)).toEqual([sending.id, sent.id]);
  });

  it('clears only sent items past the retention that nothing waiting builds on', async () => {
    const { store } = freshStore();
    const now = 1_700_000_000_000;
    const old = await store.add(draft(1), now - 10 * DAY);
    const base = await store.add(draft(1), now - 10 * DAY);
    const recent = await store.add(draft(1), now - DAY);
    const waiting = await store.add(draft(1, { dependsOn: base.id }), now - 10 * DAY);
    const refusedOld = await store.add(draft(1), now - 10 * DAY);
    for (const item of [old, base, recent]) {
      await store.update(item.id, (current) => ({ ...current, state: 'sent' }));
    }
    await store.update(refusedOld.id, (current) => ({ ...current, state: 'refused' }));
    expect(await store.clearSent(7, now)).toBe(1);
    const left = (await store.list(1)).map((item) => item.id);
    expect(left).toEqual([base.id, recent.id, waiting.id, refusedOld.id]);
  });

  it('tells listeners about every change', async () => {
    const { store } = freshStore();
    const heard: number[] = [];
    const stop = onOutboxChange((change) => heard.push(change.userId));
    const item = await store.add(draft(7));
    await store.update(item.id, (current) => ({ ...current, attempts: 1 }));
    await store.discard(item.id);
    stop();
    await store.add(draft(7));
    expect(heard).toEqual([7, 7, 7]);
  });
});
