// Sends a user's outbox to the server: in order, one item at a time, one tab at a time, each item once.

import { trackedFetch } from '../connectivity';
import { isPending, OUTBOX_ERRORS, type OutboxItem, type OutboxState } from './outbox-item';
import { applyOutcome, type OutboxOutcome } from './outbox-outcome';
import { dependencyGate } from './outbox-placeholders';
import { type OutboxStore, outboxStore } from './outbox-store';
import { BATCH_SIZE, batchable, sendBatch } from './send-batch';
import { type FetchLike, REQUEST_TIMEOUT_MS, sendItem } from './send-item';

export const REPLAY_LOCK = 'terroir-outbox-replay';
/**
 * Without a cross-tab lock a 'sending' item may be another tab's live request, so it is sent again only once
 * that request must have timed out. Under the lock every 'sending' item is a leftover of a closed tab.
 */
export const SENDING_LEASE_MS = REQUEST_TIMEOUT_MS + 60_000;

export interface ReplayOptions {
  userId: number;
  /** Send runs of ready items in one request each (POST /api/batch), as the app does; off: one by one. */
  batch?: boolean;
  fetchImpl?: FetchLike;
  now?: () => number;
  store?: OutboxStore;
}

export interface ReplaySummary {
  /** Items this pass sent or refused. */
  sent: number;
  refused: number;
  /** The user's items still on their way after the pass (saved, sending or waiting for sign-in). */
  waiting: number;
  /** The server asked for a sign-in: nothing more is sent for this user until resumeOutbox. */
  paused: boolean;
  /** Another pass (this tab or another) was running, so this one sent nothing. */
  busy: boolean;
}

interface Pass {
  userId: number;
  store: OutboxStore;
  fetchImpl: FetchLike;
  now: () => number;
  /** This pass holds the cross-tab lock. */
  exclusive: boolean;
  batch: boolean;
  byId: Map<string, OutboxItem>;
}

type Step = 'sent' | 'refused' | 'auth' | 'next' | 'stop';

// One pass per page even where Web Locks are missing (plain-HTTP origins, old browsers, tests).
let passRunning = false;
// A server without POST /api/batch (an older one during an update): items go one by one from then on.
let batchUnsupported = false;

const BUSY: ReplaySummary = { sent: 0, refused: 0, waiting: 0, paused: false, busy: true };

export async function replayOutbox(options: ReplayOptions): Promise<ReplaySummary> {
  if (passRunning) {
    return { ...BUSY };
  }
  passRunning = true;
  try {
    const base = {
      userId: options.userId,
      store: options.store ?? outboxStore(),
      fetchImpl: options.fetchImpl ?? trackedFetch,
      now: options.now ?? Date.now,
      batch: options.batch ?? false,
      byId: new Map<string, OutboxItem>(),
    };
    return (await withReplayLock((exclusive) => runPass({ ...base, exclusive }))) ?? { ...BUSY };
  } finally {
    passRunning = false;
  }
}

/** Runs `task` under the Web Lock, or not at all if another tab holds it; without Web Locks, just runs it. */
async function withReplayLock<T>(task: (exclusive: boolean) => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    return task(false);
  }
  return locks.request(REPLAY_LOCK, { ifAvailable: true }, (lock) => (lock ? task(true) : null));
}

async function runPass(pass: Pass): Promise<ReplaySummary> {
  const items = await pass.store.list(pass.userId);
  const summary: ReplaySummary = { sent: 0, refused: 0, waiting: 0, paused: false, busy: false };
  // One item waiting for a sign-in pauses the whole queue: sending the ones behind it would break the order.
  summary.paused = items.some((item) => item.state === 'auth');
  for (const item of items) {
    pass.byId.set(item.id, item);
  }
  const queue = summary.paused ? [] : items;
  for (let i = 0; i < queue.length; ) {
    const run = batchRun(queue, i, pass);
    const steps =
      run.length > 1 ? await replayBatch(run, pass) : [await replayOne(queue[i] as OutboxItem, pass)];
    for (const step of steps) {
      if (step === 'sent' || step === 'refused') {
        summary[step] += 1;
      }
    }
    // None handled: the server has no batches (an older one); the same item goes again, alone.
    i += steps.length;
    const last = steps.at(-1);
    if (last === 'auth') {
      summary.paused = true;
    }
    if (last === 'auth' || last === 'stop') {
      break;
    }
  }
  const after = await pass.store.list(pass.userId);
  summary.waiting = after.filter(isPending).length;
  return summary;
}

/**
 * Moves one item forward. Order per user is strict: an item that cannot go yet (not due, or its dependency
 * on its way) stops the pass, so two edits of the same thing always land in the order they were made. A
 * refused item does not block the ones after it: it waits for the user, not for the network.
 */
async function replayOne(item: OutboxItem, pass: Pass): Promise<Step> {
  if (item.state === 'sent' || item.state === 'refused') {
    return 'next';
  }
  const lookup = (id: string) => pass.byId.get(id);
  const gate = dependencyGate(item, lookup);
  if (gate === 'refuse') {
    return remember(pass, await refuseForDependency(item, pass));
  }
  if (gate === 'wait' || !isDue(item, pass)) {
    return 'stop';
  }
  const claimed = await claim(item, pass);
  if (!claimed) {
    // Another tab moved it since we read it: that tab is replaying, so leave the rest to it.
    return 'stop';
  }
  const outcome = await sendItem(claimed, lookup, pass.fetchImpl, pass.now);
  // A sent item stays sent: a slower duplicate answer (another tab without locks) must not undo it.
  const written = await pass.store.update(item.id, (current) =>
    current.state === 'sent' ? null : applyOutcome(current, outcome, pass.now()),
  );
  return remember(pass, written ?? (await pass.store.get(item.id)) ?? null);
}

/** The items from `start` that can go together now: due, ready, JSON, at most a batch, in order. */
function batchRun(items: readonly OutboxItem[], start: number, pass: Pass): OutboxItem[] {
  const run: OutboxItem[] = [];
  const lookup = (id: string) => pass.byId.get(id);
  for (let i = start; pass.batch && i < items.length && run.length < BATCH_SIZE && !batchUnsupported; i++) {
    const item = items[i] as OutboxItem;
    if (item.state !== 'saved' || !isDue(item, pass) || dependencyGate(item, lookup) !== 'ready') {
      break;
    }
    if (!batchable(item, lookup)) {
      break;
    }
    run.push(item);
  }
  return run;
}

/**
 * Sends a run of items in one request and settles each as if sent alone. Returns a step per item handled; the
 * last says whether the pass goes on. Items the server did not reach go back as they were (not an attempt).
 */
async function replayBatch(run: readonly OutboxItem[], pass: Pass): Promise<Step[]> {
  const claimed: OutboxItem[] = [];
  for (const item of run) {
    const mine = await claim(item, pass);
    if (!mine) {
      break;
    }
    claimed.push(mine);
  }
  if (claimed.length === 0) {
    return ['stop'];
  }
  const outcomes = await sendBatch(claimed, (id) => pass.byId.get(id), pass.fetchImpl, pass.now);
  if (outcomes === 'unsupported') {
    batchUnsupported = true;
    await Promise.all(run.slice(0, claimed.length).map((item) => release(item, pass)));
    return [];
  }
  const steps: Step[] = [];
  for (const [i, item] of claimed.entries()) {
    const outcome = outcomes[i];
    const step = outcome ? await settle(item, outcome, pass) : 'stop';
    steps.push(step);
    if (step === 'auth' || step === 'stop') {
      break;
    }
  }
  // What the server did not reach (after a write that must wait) goes back as it was, to go again in order.
  await Promise.all(
    run
      .slice(0, claimed.length)
      .map((item, i) => (outcomes[i] && i < steps.length ? null : release(item, pass))),
  );
  if (claimed.length < run.length && steps.at(-1) !== 'stop' && steps.at(-1) !== 'auth') {
    // Another tab took the next one: leave the rest to it.
    steps.push('stop');
  }
  return steps;
}

async function settle(item: OutboxItem, outcome: OutboxOutcome, pass: Pass): Promise<Step> {
  const written = await pass.store.update(item.id, (current) =>
    current.state === 'sent' ? null : applyOutcome(current, outcome, pass.now()),
  );
  return remember(pass, written ?? (await pass.store.get(item.id)) ?? null);
}

/** A claimed item the server never reached goes back exactly as it was read (its attempt not counted). */
async function release(original: OutboxItem, pass: Pass): Promise<void> {
  const back = await pass.store.update(original.id, (current) =>
    current.state === 'sending'
      ? { ...current, state: 'saved', attempts: original.attempts, updatedAt: original.updatedAt }
      : null,
  );
  pass.byId.set(original.id, back ?? original);
}

function remember(pass: Pass, item: OutboxItem | null): Step {
  if (!item) {
    return 'stop';
  }
  pass.byId.set(item.id, item);
  const steps: Record<OutboxState, Step> = {
    sent: 'sent',
    refused: 'refused',
    auth: 'auth',
    saved: 'stop',
    sending: 'stop',
  };
  return steps[item.state];
}

function isDue(item: OutboxItem, pass: Pass): boolean {
  if (item.state === 'sending') {
    return pass.exclusive || item.updatedAt + SENDING_LEASE_MS <= pass.now();
  }
  return item.state === 'saved' && item.nextAttemptAt <= pass.now();
}

const unchanged = (current: OutboxItem, seen: OutboxItem) =>
  current.state === seen.state && current.attempts === seen.attempts && current.updatedAt === seen.updatedAt;

/** Marks the item 'sending' only if no one changed it since this pass read it: two tabs never both send it. */
function claim(item: OutboxItem, pass: Pass): Promise<OutboxItem | null> {
  return pass.store.update(item.id, (current) =>
    unchanged(current, item)
      ? { ...current, state: 'sending', attempts: current.attempts + 1, updatedAt: pass.now() }
      : null,
  );
}

async function refuseForDependency(item: OutboxItem, pass: Pass): Promise<OutboxItem | null> {
  const written = await pass.store.update(item.id, (current) =>
    unchanged(current, item)
      ? { ...current, state: 'refused', error: OUTBOX_ERRORS.dependencyRefused, updatedAt: pass.now() }
      : null,
  );
  return written ?? (await pass.store.get(item.id)) ?? null;
}

/**
 * When a pass could next make progress for these items (one user's, in seq order), or null when only the user
 * or a sign-in can move them. The head of the queue decides, since everything behind it waits for it.
 */
export function nextWakeAt(items: readonly OutboxItem[]): number | null {
  if (items.some((item) => item.state === 'auth')) {
    return null;
  }
  const head = items.find((item) => item.state === 'saved' || item.state === 'sending');
  if (!head) {
    return null;
  }
  return head.state === 'sending' ? head.updatedAt + SENDING_LEASE_MS : head.nextAttemptAt;
}
