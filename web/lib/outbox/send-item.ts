// One request for one outbox item: placeholders resolved, the item's own key, the answer turned into an outcome.
import { OUTBOX_ERRORS, type OutboxItem } from './outbox-item';
import {
  type HttpAnswer,
  type OutboxOutcome,
  outcomeOfAnswer,
  outcomeOfNetworkFailure,
} from './outbox-outcome';
import { resolveRequest } from './outbox-placeholders';

/** Long enough for a 5 MB sensor CSV on slow 3G (~100 s at 400 kbit/s); a stalled request is retried after. */
export const REQUEST_TIMEOUT_MS = 5 * 60_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

function requestInit(item: OutboxItem, body: unknown): RequestInit {
  const headers: Record<string, string> = {
    accept: 'application/json',
    // The same key on every attempt: the server answers a repeat with the first result instead of applying it.
    'idempotency-key': item.idempotencyKey,
  };
  const init: RequestInit = { method: item.method, headers, credentials: 'same-origin' };
  // No content-type without a body: the server refuses an empty JSON body (a DELETE usually has none).
  if (item.contentType && typeof body === 'string') {
    headers['content-type'] = item.contentType;
    init.body = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (typeof AbortSignal.timeout === 'function') {
    init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  }
  return init;
}

async function readAnswer(response: Response): Promise<HttpAnswer | null> {
  const body = await response.text().catch(() => null);
  // A success whose body was cut off is unconfirmed: asking again with the key brings the stored answer back.
  if (body === null && response.ok) {
    return null;
  }
  return {
    status: response.status,
    statusText: response.statusText,
    retryAfter: response.headers.get('retry-after'),
    body: body ?? '',
  };
}

/** Sends `item` (already counted as an attempt) and says what came of it; never throws. */
export async function sendItem(
  item: OutboxItem,
  lookup: (id: string) => OutboxItem | undefined,
  fetchImpl: FetchLike,
  now: () => number,
): Promise<OutboxOutcome> {
  const request = resolveRequest(item, lookup);
  if (!request) {
    return { state: 'refused', error: OUTBOX_ERRORS.dependencyResult, status: null };
  }
  let answer: HttpAnswer | null;
  try {
    answer = await readAnswer(await fetchImpl(request.path, requestInit(item, request.body)));
  } catch {
    // fetch rejects only when no answer came (offline, reset, timeout): whatever the error says, try again.
    answer = null;
  }
  return answer
    ? outcomeOfAnswer(answer, item.attempts, now())
    : outcomeOfNetworkFailure(item.attempts, now());
}
