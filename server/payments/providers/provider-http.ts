// The one HTTP call the mobile-money adapters make: bounded in time and size, never throwing, and saying only
// "here is the answer" or "no answer" (the adapters decide what each means for the money).
import { cleanReason } from '../../channels/send-outcome';

export type HttpAnswer =
  | { kind: 'answer'; status: number; body: string }
  /** No usable answer: not built, refused connection, reset, timeout, or a body that never came. */
  | { kind: 'failed'; detail: string };

export interface HttpCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** A provider's answer is a few hundred bytes; anything past this is not an answer we can use. */
const MAX_ANSWER_CHARS = 64 * 1024;

/** Calls a provider within `timeoutMs` (connect, answer and body together). Never throws. */
export async function callProvider(url: string, call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  let request: Request;
  try {
    request = new Request(url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { kind: 'failed', detail: `request not built: ${errorName(error)}` };
  }
  try {
    const response = await fetch(request);
    const body = await response.text();
    return { kind: 'answer', status: response.status, body: body.slice(0, MAX_ANSWER_CHARS) };
  } catch (error) {
    const name = errorName(error);
    return {
      kind: 'failed',
      detail: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `network: ${causeOf(error)}`,
    };
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `Basic base64(user:password)`, as both MTN's and Orange's token calls take it. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A detail fit for a log line or a column: one line, bounded, every credential blanked out. */
export function cleanDetail(text: string, secrets: readonly string[]): string {
  return cleanReason(text, secrets);
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}

/** The innermost error code (ECONNRESET, UND_ERR_SOCKET…): never a message, which could carry a URL. */
function causeOf(error: unknown): string {
  let current: unknown = error;
  let found = errorName(error);
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      found = code;
    }
    current = cause;
  }
  return found;
}
