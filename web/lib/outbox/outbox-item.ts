// One write kept on this device until the server has answered it: its shape, its states, and how one is made.

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * saved: on this device, waiting to be sent (first time or again after a passing failure);
 * sending: a request is out; sent: the server applied it (final);
 * refused: the server said no, kept until the user retries or discards it;
 * auth: the server asked for a sign-in, so this user's queue is paused.
 */
export type OutboxState = 'saved' | 'sending' | 'sent' | 'refused' | 'auth';

/** What the item is, as an i18n key and its parameters ("Bid 250.00 on Maize"), translated by the screen. */
export interface OutboxLabel {
  key: string;
  params: Record<string, string | number>;
}

export interface OutboxItem {
  id: string;
  userId: number;
  /** Made once when the item is queued and sent unchanged on every retry, so the server applies it once. */
  idempotencyKey: string;
  method: OutboxMethod;
  /** Same-origin API path; may hold `{{item:<id>.<field>}}` placeholders (see outbox-placeholders). */
  path: string;
  body: unknown;
  /** Set when `body` is a string sent as it is (a sensor CSV) instead of as JSON; absent on older items. */
  contentType?: string;
  label: OutboxLabel;
  state: OutboxState;
  /** Requests made so far; drives the retry delay. */
  attempts: number;
  /** The server's message (already in the user's language) or one of OUTBOX_ERRORS; null when none. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
  /** Not sent before this time (ms since epoch). */
  nextAttemptAt: number;
  /** An earlier item of the same user that must be sent first. */
  dependsOn: string | null;
  /** The server's JSON answer once sent (null for an empty answer). */
  result: unknown;
  /** The HTTP status of a refusal or a sign-in request (what a form waiting for it reports), else null. */
  status: number | null;
  /** Order per user: replay sends a user's items by ascending seq. */
  seq: number;
}

/** What a form hands to the outbox; the rest is filled in when it is stored. */
export interface OutboxDraft {
  userId: number;
  method: OutboxMethod;
  path: string;
  body?: unknown;
  /** A string body sent as it is with this type (text/csv) instead of as JSON. */
  contentType?: string;
  label: OutboxLabel;
  dependsOn?: string | null;
  /**
   * The key of a request already tried online that got no answer: queueing it under the same key means that if
   * it did land, the replay gets the first answer back instead of applying it twice. Made here otherwise.
   */
  idempotencyKey?: string;
}

/** The server's rule for keys (server/http/idempotency.ts): 1 to 255 visible ASCII characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Errors the outbox itself records, as i18n keys (the screen translates them), as is what a bare status means
 * (outbox-outcome); every other `error` is the server's message, which the server has already translated.
 */
export const OUTBOX_ERRORS = {
  network: 'outbox.errors.network',
  dependencyRefused: 'outbox.errors.dependencyRefused',
  dependencyResult: 'outbox.errors.dependencyResult',
} as const;

/** States still on their way to the server: what the shell counts as "waiting". */
export function isPending(item: Pick<OutboxItem, 'state'>): boolean {
  return item.state === 'saved' || item.state === 'sending' || item.state === 'auth';
}

/** 128 random bits as hex: crypto.randomUUID needs a secure context, getRandomValues does not. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function newOutboxItem(draft: OutboxDraft, seq: number, now: number): OutboxItem {
  // Only same-origin paths: a user's write is never replayed to another host.
  if (!draft.path.startsWith('/') || draft.path.startsWith('//')) {
    throw new Error(`outbox: path must be same-origin, got ${draft.path}`);
  }
  if (draft.idempotencyKey !== undefined && !KEY_PATTERN.test(draft.idempotencyKey)) {
    throw new Error('outbox: the idempotency key must be 1 to 255 visible ASCII characters');
  }
  return {
    id: randomToken(),
    userId: draft.userId,
    idempotencyKey: draft.idempotencyKey ?? `outbox-${randomToken()}`,
    method: draft.method,
    path: draft.path,
    body: draft.body,
    ...(draft.contentType === undefined ? {} : { contentType: draft.contentType }),
    label: draft.label,
    state: 'saved',
    attempts: 0,
    error: null,
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
    dependsOn: draft.dependsOn ?? null,
    result: null,
    status: null,
    seq,
  };
}

export function countByState(items: readonly Pick<OutboxItem, 'state'>[]): Record<OutboxState, number> {
  const counts: Record<OutboxState, number> = { saved: 0, sending: 0, sent: 0, refused: 0, auth: 0 };
  for (const item of items) {
    counts[item.state] += 1;
  }
  return counts;
}
