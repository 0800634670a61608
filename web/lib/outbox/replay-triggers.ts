// When the outbox is replayed for the signed-in user: at start, back online, page visible, new item, retry time.
import { isOnline, subscribeConnectivity } from '../connectivity';
import { expediteOutbox, resumeOutbox } from './outbox-actions';
import { onOutboxChange } from './outbox-notifier';
import { type OutboxStore, outboxStore } from './outbox-store';
import { nextWakeAt, replayOutbox } from './replay';
import type { FetchLike } from './send-item';

/** After another tab turned us away, wait this long before asking again, so two tabs never spin on each other. */
export const BUSY_RETRY_MS = 5_000;

export interface ReplayTriggerOptions {
  store?: OutboxStore;
  fetchImpl?: FetchLike;
  /** Where a failed pass is reported (IndexedDB errors); a pass never throws into the page. */
  onError?: (error: unknown) => void;
}

/**
 * Starts replaying `userId`'s outbox and keeps doing so until the returned function is called. Call it only
 * for the signed-in user: starting means that user can send, so items paused by a 401 are resumed first.
 */
export function startOutboxReplay(userId: number, options: ReplayTriggerOptions = {}): () => void {
  const store = options.store ?? outboxStore();
  const report = options.onError ?? ((error: unknown) => console.error('outbox replay failed', error));
  const state = { stopped: false, running: false, again: false, timer: undefined as Timer | undefined };

  const schedule = async (afterBusy: boolean) => {
    const wake = nextWakeAt(await store.list(userId));
    clearTimeout(state.timer);
    if (wake !== null && !state.stopped && !state.running) {
      const delay = Math.max(wake - Date.now(), afterBusy ? BUSY_RETRY_MS : 0);
      state.timer = setTimeout(run, Math.min(delay, MAX_TIMER_MS));
    }
  };
  const run = async () => {
    if (state.stopped || state.running) {
      // A trigger during a pass (back online, new item) gets a pass of its own once this one ends.
      state.again = state.running;
      return;
    }
    state.running = true;
    clearTimeout(state.timer);
    let busy = false;
    try {
      do {
        state.again = false;
        busy = (await replayOutbox({ userId, store, batch: true, ...fetchOption(options) })).busy;
      } while (state.again && !state.stopped);
    } catch (error) {
      report(error);
    } finally {
      state.running = false;
    }
    await schedule(busy).catch(report);
  };
  return listen(userId, store, { run, schedule, report, state });
}

type Timer = ReturnType<typeof setTimeout>;
/** setTimeout overflows past 2^31-1 ms; a far wake-up is simply re-planned when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const fetchOption = (options: ReplayTriggerOptions) =>
  options.fetchImpl ? { fetchImpl: options.fetchImpl } : {};

interface Controller {
  run: () => Promise<void>;
  schedule: (afterBusy: boolean) => Promise<void>;
  report: (error: unknown) => void;
  state: { stopped: boolean; timer: Timer | undefined };
}

function listen(userId: number, store: OutboxStore, controller: Controller): () => void {
  const { run, schedule, report, state } = controller;
  // Back online (the device says so and the server answers): items that failed for want of a network go now
  // rather than at the end of their back-off.
  const onConnectivity = () => {
    if (isOnline()) {
      expediteOutbox(userId, { store, onlyNetwork: true }).then(run, report);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') {
      void run();
    }
  };
  // A new item (any tab) or another tab's progress may change when the next pass is worth running.
  const stopChanges = onOutboxChange((change) => {
    if (change.userId === userId) {
      schedule(false).catch(report);
    }
  });
  const doc = typeof document === 'undefined' ? null : document;
  const stopConnectivity = subscribeConnectivity(onConnectivity);
  doc?.addEventListener('visibilitychange', onVisible);
  resumeOutbox(userId, { store }).then(run, report);
  return () => {
    state.stopped = true;
    clearTimeout(state.timer);
    stopChanges();
    stopConnectivity();
    doc?.removeEventListener('visibilitychange', onVisible);
  };
}
