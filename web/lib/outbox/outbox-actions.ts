// What the user and the app shell decide about outbox items: retry, discard, send now, resume after sign-in.
import { OUTBOX_ERRORS, type OutboxItem, randomToken } from './outbox-item';
import { onOutboxChange } from './outbox-notifier';
import { referencedIds } from './outbox-placeholders';
import { type OutboxStore, outboxStore } from './outbox-store';
import { type ReplayOptions, type ReplaySummary, replayOutbox } from './replay';

export interface ActionOptions {
  store?: OutboxStore;
  now?: number;
}

/**
 * A refused item goes back in the queue, due now, with a fresh retry delay and a new idempotency key: the server
 * remembers its refusal under the old key and would only repeat it, and a refusal means nothing was applied, so
 * a new key cannot apply it twice. A saved one is just made due now. Returns the item as it now is, or null.
 */
export function retryItem(id: string, options: ActionOptions = {}): Promise<OutboxItem | null> {
  const now = options.now ?? Date.now();
  return (options.store ?? outboxStore()).update(id, (current) => {
    if (current.state === 'refused') {
      return {
        ...current,
        state: 'saved',
        idempotencyKey: `outbox-${randomToken()}`,
        error: null,
        attempts: 0,
        nextAttemptAt: now,
        updatedAt: now,
      };
    }
    if (current.state === 'saved') {
      return { ...current, nextAttemptAt: now, updatedAt: now };
    }
    return null;
  });
}

/**
 * Deletes an item by the user's choice (never a sent or sending one). Items built on it can no longer be
 * sent, so they are refused at once rather than shown as waiting for something that will not come.
 */
export async function discardItem(id: string, options: ActionOptions = {}): Promise<boolean> {
  const store = options.store ?? outboxStore();
  const item = await store.get(id);
  if (!item || !(await store.discard(id))) {
    return false;
  }
  const now = options.now ?? Date.now();
  for (const other of await store.list(item.userId)) {
    if (other.state === 'saved' && referencedIds(other).includes(id)) {
      await store.update(other.id, (current) =>
        current.state === 'saved'
          ? { ...current, state: 'refused', error: OUTBOX_ERRORS.dependencyRefused, updatedAt: now }
          : null,
      );
    }
  }
  return true;
}

/** The same user signed in again: items paused by a 401 go back in the queue, due now. */
export async function resumeOutbox(userId: number, options: ActionOptions = {}): Promise<number> {
  return changeAll(userId, options, (item, now) =>
    item.state === 'auth' ? { ...item, state: 'saved', nextAttemptAt: now, updatedAt: now } : null,
  );
}

/**
 * Makes waiting items due now instead of at their retry time: all of them ("Send now"), or with
 * `onlyNetwork` those that failed for want of a connection (the browser says it is back online).
 */
export async function expediteOutbox(
  userId: number,
  options: ActionOptions & { onlyNetwork?: boolean } = {},
): Promise<number> {
  return changeAll(userId, options, (item, now) => {
    const eligible = item.state === 'saved' && item.nextAttemptAt > now;
    const matches = !options.onlyNetwork || item.error === OUTBOX_ERRORS.network;
    return eligible && matches ? { ...item, nextAttemptAt: now, updatedAt: now } : null;
  });
}

/** The "Send now" button: everything waiting is due now, then one pass. */
export async function sendOutboxNow(options: ReplayOptions): Promise<ReplaySummary> {
  await expediteOutbox(options.userId, {
    ...(options.store ? { store: options.store } : {}),
    ...(options.now ? { now: options.now() } : {}),
  });
  return replayOutbox(options);
}

/** Long enough for a write on a weak but working connection; past it the form says "saved on this phone". */
export const OUTCOME_WAIT_MS = 10_000;

/**
 * The item once the server has decided (sent, refused, or asking for a sign-in), or as it is after `timeoutMs`
 * (still saved), or undefined if it was discarded. Lets a form that queued a write behave as it does today when
 * the answer comes quickly, and say "saved on this phone" when it does not.
 */
export function waitForOutcome(
  id: string,
  options: { store?: OutboxStore; timeoutMs?: number } = {},
): Promise<OutboxItem | undefined> {
  const store = options.store ?? outboxStore();
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (item: OutboxItem | undefined) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        stop();
        resolve(item);
      }
    };
    const check = () => {
      store.get(id).then((item) => {
        if (!item || item.state === 'sent' || item.state === 'refused' || item.state === 'auth') {
          finish(item);
        }
      }, reject);
    };
    const stop = onOutboxChange(check);
    const timer = setTimeout(() => store.get(id).then(finish, reject), options.timeoutMs ?? OUTCOME_WAIT_MS);
    check();
  });
}

async function changeAll(
  userId: number,
  options: ActionOptions,
  change: (item: OutboxItem, now: number) => OutboxItem | null,
): Promise<number> {
  const store = options.store ?? outboxStore();
  const now = options.now ?? Date.now();
  let changed = 0;
  for (const item of await store.list(userId)) {
    // Each change re-checks the stored item, which may have moved since the list was read.
    if (await store.update(item.id, (current) => change(current, now))) {
      changed += 1;
    }
  }
  return changed;
}
