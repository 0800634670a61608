// Tells every listener in this tab and in the user's other tabs that the outbox changed, so lists re-read it.

export const OUTBOX_CHANNEL = 'terroir-outbox';

/** Whose items changed; listeners re-read rather than trust a payload, so the store stays the one truth. */
export interface OutboxChange {
  userId: number;
}

type Listener = (change: OutboxChange) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function isOutboxChange(data: unknown): data is OutboxChange {
  return typeof data === 'object' && data !== null && typeof (data as OutboxChange).userId === 'number';
}

function deliver(change: OutboxChange): void {
  for (const listener of [...listeners]) {
    listener(change);
  }
}

// The channel is open only while someone listens: an idle open channel keeps a Node test process alive.
function listen(): void {
  if (channel || typeof BroadcastChannel === 'undefined') {
    return;
  }
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isOutboxChange(event.data)) {
      deliver(event.data);
    }
  };
}

export function notifyOutboxChange(change: OutboxChange): void {
  // A BroadcastChannel never hears its own messages, so this tab is told directly.
  deliver(change);
  if (channel) {
    channel.postMessage(change);
  } else if (typeof BroadcastChannel !== 'undefined') {
    const once = new BroadcastChannel(OUTBOX_CHANNEL);
    once.postMessage(change);
    once.close();
  }
}

/** Calls `listener` on every change, from any tab; returns the function that stops it. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  listen();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && channel) {
      channel.close();
      channel = null;
    }
  };
}
