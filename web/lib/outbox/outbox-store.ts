// The outbox on this device (IndexedDB through idb); it deletes only old sent items and what the user discards.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { newOutboxItem, type OutboxDraft, type OutboxItem } from './outbox-item';
import { notifyOutboxChange } from './outbox-notifier';
import { referencedIds } from './outbox-placeholders';

export const OUTBOX_DB_NAME = 'terroir-outbox';
/** Sent items are history for the outbox screen only; a week shows what landed without growing forever. */
export const SENT_RETENTION_DAYS = 7;

const ITEMS = 'items';
const BY_USER_SEQ = 'by-user-seq';
const DAY_MS = 24 * 60 * 60_000;
// 'strict' makes the browser flush to disk before the transaction completes (Chrome's default is relaxed):
// the screen confirms a write as "saved on this phone" only after add resolves, so it must survive a power cut.
const DURABLE: IDBTransactionOptions = { durability: 'strict' };

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { 'by-user-seq': [number, number] } };
}

export interface OutboxStore {
  /** Stores a new item; resolves only once it is durably written. */
  add(draft: OutboxDraft, now?: number): Promise<OutboxItem>;
  get(id: string): Promise<OutboxItem | undefined>;
  /** A user's items in the order they were made. */
  list(userId: number): Promise<OutboxItem[]>;
  /** Reads and writes one item in one transaction; `change` returns null to leave it as it is. */
  update(id: string, change: (current: OutboxItem) => OutboxItem | null): Promise<OutboxItem | null>;
  /** Deletes an item the user gave up on; never a sent one, nor one whose request is out. */
  discard(id: string): Promise<boolean>;
  /** Deletes sent items older than the retention, except those a waiting item still builds on. */
  clearSent(olderThanDays?: number, now?: number): Promise<number>;
  close(): Promise<void>;
}

const userRange = (userId: number) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);

function openOutboxDb(name: string, onGone: () => void): Promise<IDBPDatabase<OutboxSchema>> {
  return openDB<OutboxSchema>(name, 1, {
    upgrade(db) {
      const items = db.createObjectStore(ITEMS, { keyPath: 'id' });
      items.createIndex(BY_USER_SEQ, ['userId', 'seq'], { unique: true });
    },
    // A newer app version in another tab wants to upgrade: step aside, and reopen on the next call.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      onGone();
    },
    terminated: onGone,
  });
}

export function createOutboxStore(name: string = OUTBOX_DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const db = () => {
    if (!opening) {
      opening = openOutboxDb(name, () => {
        opening = null;
      });
    }
    return opening;
  };
  return {
    add: async (draft, now = Date.now()) => addItem(await db(), draft, now),
    get: async (id) => (await db()).get(ITEMS, id),
    list: async (userId) => (await db()).getAllFromIndex(ITEMS, BY_USER_SEQ, userRange(userId)),
    update: async (id, change) => updateItem(await db(), id, change),
    discard: async (id) => discardItem(await db(), id),
    clearSent: async (days = SENT_RETENTION_DAYS, now = Date.now()) =>
      clearSent(await db(), now - days * DAY_MS),
    close: async () => {
      const open = opening;
      opening = null;
      (await open)?.close();
    },
  };
}

async function addItem(db: IDBPDatabase<OutboxSchema>, draft: OutboxDraft, now: number): Promise<OutboxItem> {
  const tx = db.transaction(ITEMS, 'readwrite', DURABLE);
  if (draft.dependsOn) {
    const dependency = await tx.store.get(draft.dependsOn);
    if (dependency?.userId !== draft.userId) {
      throw new Error(`outbox: item ${draft.dependsOn} is not one of this user's items`);
    }
  }
  // seq is read and written in one transaction, so two tabs adding at once still get distinct, ordered numbers.
  const last = await tx.store.index(BY_USER_SEQ).openCursor(userRange(draft.userId), 'prev');
  const item = newOutboxItem(draft, (last?.value.seq ?? 0) + 1, now);
  await tx.store.add(item);
  await tx.done;
  notifyOutboxChange({ userId: item.userId });
  return item;
}

async function updateItem(
  db: IDBPDatabase<OutboxSchema>,
  id: string,
  change: (current: OutboxItem) => OutboxItem | null,
): Promise<OutboxItem | null> {
  const tx = db.transaction(ITEMS, 'readwrite', DURABLE);
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (current && next) {
    // Identity and order are fixed at add; a change may not move an item to another user or place.
    await tx.store.put({ ...next, id: current.id, userId: current.userId, seq: current.seq });
  }
  await tx.done;
  if (current && next) {
    notifyOutboxChange({ userId: current.userId });
  }
  return next;
}

async function discardItem(db: IDBPDatabase<OutboxSchema>, id: string): Promise<boolean> {
  const tx = db.transaction(ITEMS, 'readwrite', DURABLE);
  const item = await tx.store.get(id);
  // A sending item may be applied at any moment: discarding it would hide a write that happened.
  const allowed = item !== undefined && item.state !== 'sent' && item.state !== 'sending';
  if (allowed) {
    await tx.store.delete(id);
  }
  await tx.done;
  if (item && allowed) {
    notifyOutboxChange({ userId: item.userId });
  }
  return allowed;
}

async function clearSent(db: IDBPDatabase<OutboxSchema>, cutoff: number): Promise<number> {
  const tx = db.transaction(ITEMS, 'readwrite', DURABLE);
  const all = await tx.store.getAll();
  const needed = new Set(all.filter((item) => item.state !== 'sent').flatMap(referencedIds));
  const old = all.filter((item) => item.state === 'sent' && item.updatedAt < cutoff && !needed.has(item.id));
  for (const item of old) {
    await tx.store.delete(item.id);
  }
  await tx.done;
  for (const userId of new Set(old.map((item) => item.userId))) {
    notifyOutboxChange({ userId });
  }
  return old.length;
}

let shared: OutboxStore | null = null;

/** The app's one outbox store, opened on first use. */
export function outboxStore(): OutboxStore {
  if (!shared) {
    shared = createOutboxStore();
  }
  return shared;
}
