// Several outbox items in one request (POST /api/batch): over slow 3G each round trip costs most of a second, so
// a phone back online sends what it kept in batches. The server runs them in order, each as if sent alone (same
// key, same checks), and stops at the first that must wait; the ones it did not reach go back in the queue.
import type { OutboxItem } from './outbox-item';
import { type OutboxOutcome, outcomeOfAnswer, outcomeOfNetworkFailure } from './outbox-outcome';
import { resolveRequest } from './outbox-placeholders';
import { type FetchLike, REQUEST_TIMEOUT_MS } from './send-item';

/** Items per batch (the server takes up to 25). */
export const BATCH_SIZE = 20;

/** What came of each item, in order: its outcome, or null when the server did not reach it (send it again). */
export type BatchOutcome = (OutboxOutcome | null)[] | 'unsupported';

interface BatchAnswer {
  results: { status: number; body: unknown; retryAfter: string | null }[];
}

const isBatchAnswer = (value: unknown): value is BatchAnswer =>
  typeof value === 'object' && value !== null && Array.isArray((value as BatchAnswer).results);

/**
 * The largest JSON body that travels in a batch: a bigger one (photos as base64, up to 4 × 150 KB) goes alone, so
 * that a batch never passes the server's body limit (a refused batch would fail every write in it).
 */
export const BATCH_ITEM_MAX_CHARS = 32 * 1024;

/** Whether an item may travel in a batch: JSON (a CSV goes alone) and small, and its request known now. */
export function batchable(item: OutboxItem, lookup: (id: string) => OutboxItem | undefined): boolean {
  return (
    item.contentType === undefined &&
    (JSON.stringify(item.body ?? null)?.length ?? 0) <= BATCH_ITEM_MAX_CHARS &&
    resolveRequest(item, lookup) !== null
  );
}

export async function sendBatch(
  items: readonly OutboxItem[],
  lookup: (id: string) => OutboxItem | undefined,
  fetchImpl: FetchLike,
  now: () => number,
): Promise<BatchOutcome> {
  const requests = items.map((item) => {
    const request = resolveRequest(item, lookup);
    return {
      method: item.method,
      path: request?.path,
      body: request?.body,
      idempotencyKey: item.idempotencyKey,
    };
  });
  const init: RequestInit = {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ requests }),
  };
  if (typeof AbortSignal.timeout === 'function') {
    init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  }
  let response: Response;
  let answer: unknown;
  try {
    response = await fetchImpl('/api/batch', init);
    answer = response.ok ? await response.json() : null;
  } catch {
    // No answer (or a cut one): every item may or may not have been applied; their keys make sending again safe.
    return items.map((item) => outcomeOfNetworkFailure(item.attempts, now()));
  }
  if (response.status === 404 || response.status === 405) {
    return 'unsupported';
  }
  if (!response.ok || !isBatchAnswer(answer)) {
    // The batch itself was not run (sign-in, rate limit, fault): each item is as if it had met that answer.
    const whole = {
      status: response.status,
      statusText: response.statusText,
      retryAfter: response.headers.get('retry-after'),
      body: '',
    };
    return items.map((item) => outcomeOfAnswer(whole, item.attempts, now()));
  }
  const { results } = answer;
  return items.map((item, i) => {
    const result = results[i];
    if (!result) {
      return null;
    }
    const body = result.body === null || result.body === undefined ? '' : JSON.stringify(result.body);
    return outcomeOfAnswer(
      { status: result.status, statusText: '', retryAfter: result.retryAfter, body },
      item.attempts,
      now(),
    );
  });
}
