// What a server answer (or its absence) means for an outbox item: decided by status only, never by message text.
import { statusMessageKey } from '../api-client';
import { OUTBOX_ERRORS, type OutboxItem } from './outbox-item';

export type OutboxOutcome =
  | { state: 'sent'; result: unknown }
  | { state: 'refused'; error: string; status: number | null }
  | { state: 'auth'; error: string; status: number }
  | { state: 'saved'; error: string; nextAttemptAt: number };

/** The parts of a response the decision needs, read once so the decision itself stays pure. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  retryAfter: string | null;
  body: string;
}

export const FIRST_RETRY_DELAY_MS = 2_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** A Retry-After beyond a day is a broken header, not advice (same bound as server/channels/send-outcome). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** 2 s after the first failed attempt, doubling, at most 5 min: patient on one bar of signal, quick to recover. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
}

/** Retry-After as a delay in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) {
    return null;
  }
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) {
    return null;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The server's `{message}` (in the user's language) when the body is the API's error shape, else the catalogue key
 * of what the status means (a proxy's page or a bare status is not for the user to read).
 */
export function serverMessage(answer: HttpAnswer): string {
  const parsed = parseJson(answer.body);
  if (typeof parsed === 'object' && parsed !== null) {
    const { message } = parsed as Record<string, unknown>;
    if (typeof message === 'string' && message !== '') {
      return message;
    }
  }
  return statusMessageKey(answer.status);
}

function parseJson(text: string): unknown {
  if (text === '') {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * 408, 429 and 5xx say "not now"; so does a 409 that carries Retry-After (a request with this key still being
 * processed, per the IETF Idempotency-Key draft), which must not become a refusal the user might resend.
 */
function isTransient(answer: HttpAnswer): boolean {
  const { status } = answer;
  const busyKey = status === 409 && answer.retryAfter !== null;
  return status === 408 || status === 429 || status >= 500 || status < 400 || busyKey;
}

export function outcomeOfAnswer(answer: HttpAnswer, attempts: number, now: number): OutboxOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) {
    // A 2xx is applied whatever its body; a non-JSON body just leaves no result to depend on.
    return { state: 'sent', result: parseJson(answer.body) ?? null };
  }
  if (status === 401) {
    return { state: 'auth', error: serverMessage(answer), status };
  }
  if (isTransient(answer)) {
    // 1xx/3xx land here too: odd answers that may be a passing misconfiguration, so never drop the write.
    const wait = Math.max(retryDelay(attempts), parseRetryAfter(answer.retryAfter, now) ?? 0);
    return { state: 'saved', error: serverMessage(answer), nextAttemptAt: now + wait };
  }
  // Every other 4xx (400, 403, 404, 409, 413, 422, …) will not change by sending the same request again.
  return { state: 'refused', error: serverMessage(answer), status };
}

/** fetch rejected (offline, DNS, reset, timeout): nothing is known, so the same key goes again later. */
export function outcomeOfNetworkFailure(attempts: number, now: number): OutboxOutcome {
  return { state: 'saved', error: OUTBOX_ERRORS.network, nextAttemptAt: now + retryDelay(attempts) };
}

/** The item after an outcome; `attempts` was already counted when the request went out. */
export function applyOutcome(item: OutboxItem, outcome: OutboxOutcome, now: number): OutboxItem {
  switch (outcome.state) {
    case 'sent':
      return { ...item, state: 'sent', result: outcome.result, error: null, updatedAt: now };
    case 'refused':
    case 'auth':
      return { ...item, state: outcome.state, error: outcome.error, status: outcome.status, updatedAt: now };
    case 'saved':
      return {
        ...item,
        state: 'saved',
        error: outcome.error,
        nextAttemptAt: outcome.nextAttemptAt,
        updatedAt: now,
      };
  }
}
