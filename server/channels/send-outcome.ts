// What one attempt to hand a message to an SMS or WhatsApp provider came to, and the one HTTP call both adapters
// make. The line that matters is "certainly not sent" (retry) versus "may have been sent" (unconfirmed): a
// farmer must never get the same alert twice because we guessed a lost answer meant a lost message.

/** What one attempt to hand a message to a provider came to. */
export type SendOutcome =
  /** Accepted by the provider. */
  | { kind: 'sent'; messageId: string }
  /** Certainly not sent (refused before the request went out, rate-limited, provider fault): try again later. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** This number or message will never go: do not try again. */
  | { kind: 'refused'; reason: string }
  /** WhatsApp: free-form text outside the 24 h window; the caller re-sends it as a template. */
  | { kind: 'outside_window' }
  /** The request may have reached the provider but no usable answer came: the caller must NOT send again. */
  | { kind: 'unconfirmed'; reason: string };

/** A provider's HTTP answer, body read (bounded) as text. */
export interface ProviderAnswer {
  kind: 'answer';
  status: number;
  headers: Headers;
  body: string;
}

/** How a call that produced no answer ended. */
export type ProviderFailure = Extract<SendOutcome, { kind: 'retry' | 'unconfirmed' }>;

export interface ProviderRequest {
  headers: Record<string, string>;
  body: string;
}

/**
 * Error codes that only happen while opening the connection, so the request never left: safe to send again.
 * Everything else (reset, closed socket, our own timeout) may have happened after the provider read the request.
 */
const CONNECT_PHASE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A provider's answer is a few hundred bytes; anything past this is not an answer we can use. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Longest reason kept: enough for a provider's error message, short enough for a log line or a column. */
const MAX_REASON_CHARS = 200;
/** A Retry-After beyond a day is a broken header, not advice. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * POSTs to a provider within `timeoutMs` (connect, answer and body together) and either returns its answer or
 * says how the attempt failed. Never throws.
 */
export async function postToProvider(
  url: string,
  request: ProviderRequest,
  timeoutMs: number,
): Promise<ProviderAnswer | ProviderFailure> {
  let prepared: Request;
  try {
    // Built apart from fetch so that a bad URL or header value (configuration) is known never to have gone out.
    prepared = new Request(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', reason: `request not built: ${errorName(error)}` };
  }
  let response: Response;
  try {
    response = await fetch(prepared);
  } catch (error) {
    return classifyFetchError(error, timeoutMs);
  }
  try {
    const body = await readCapped(response, MAX_ANSWER_BYTES);
    return { kind: 'answer', status: response.status, headers: response.headers, body };
  } catch (error) {
    // The status line came, the body did not: a success we cannot read is unconfirmed; an error status stands.
    if (response.ok) {
      return { kind: 'unconfirmed', reason: `answer ${response.status} unreadable: ${errorName(error)}` };
    }
    return { kind: 'answer', status: response.status, headers: response.headers, body: '' };
  }
}

/** What a non-2xx status means for sending: 4xx (but 429) refused, 429 and 5xx retried, anything else retried. */
export function outcomeOfHttpError(answer: ProviderAnswer, reason: string): SendOutcome {
  if (answer.status === 429 || answer.status >= 500) {
    return withRetryAfter({ kind: 'retry', reason }, answer.headers.get('retry-after'));
  }
  if (answer.status >= 400) {
    return { kind: 'refused', reason };
  }
  // A redirect or other oddity: the provider did not take the message, and it may be a passing misconfiguration.
  return { kind: 'retry', reason };
}

/** Adds `retryAfterMs` from a Retry-After header (delay in seconds, or an HTTP date) when it makes sense. */
export function withRetryAfter(
  outcome: Extract<SendOutcome, { kind: 'retry' }>,
  header: string | null,
  now = Date.now(),
): Extract<SendOutcome, { kind: 'retry' }> {
  const retryAfterMs = parseRetryAfter(header, now);
  return retryAfterMs === undefined ? outcome : { ...outcome, retryAfterMs };
}

export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) {
    return undefined;
  }
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) {
    return undefined;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * A reason fit to store and log: one line, bounded, and with every secret blanked out in case a provider
 * echoes a credential back in an error message.
 */
export function cleanReason(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) {
      out = out.split(secret).join('[redacted]');
    }
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > MAX_REASON_CHARS ? `${out.slice(0, MAX_REASON_CHARS - 1)}…` : out;
}

function classifyFetchError(error: unknown, timeoutMs: number): ProviderFailure {
  const codes = errorCodes(error);
  const connectCode = codes.find((code) => CONNECT_PHASE_CODES.has(code));
  if (connectCode) {
    return { kind: 'retry', reason: `network: ${connectCode}` };
  }
  if (codes.includes('TimeoutError') || codes.includes('AbortError')) {
    return { kind: 'unconfirmed', reason: `no answer within ${timeoutMs} ms` };
  }
  const detail = codes.find((code) => code !== 'TypeError' && code !== 'Error') ?? errorName(error);
  return { kind: 'unconfirmed', reason: `network: ${detail}` };
}

/** Every `code` and `name` along an error's cause chain (and inside AggregateErrors), outermost first. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 8 || typeof error !== 'object' || error === null) {
    return [];
  }
  const { code, name, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const own = [code, name].filter((value): value is string => typeof value === 'string');
  const nested = Array.isArray(errors) ? errors.flatMap((inner) => errorCodes(inner, depth + 1)) : [];
  return [...own, ...errorCodes(cause, depth + 1), ...nested];
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) {
    return '';
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
