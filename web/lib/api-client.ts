// The one way the web app talks to the API: JSON, cookies, the interface's language, and the spec's error semantics.
import i18next from 'i18next';
import { type ErrorCode, isErrorCode } from '../../contract/error-codes';
import type { TApiError } from '../../contract/errors';
import { trackedFetch } from './connectivity';
import { noteServedAt } from './served-at';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | null = null,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

// The error shape of contract/errors (ZApiError), checked by hand: this module is on every screen's first load,
// and the validator is ~25 KB gzip that the sign-in and marketplace screens otherwise do not need to start.
export function isApiError(body: unknown): body is TApiError {
  if (typeof body !== 'object' || body === null) {
    return false;
  }
  const { message, code, issues } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    isErrorCode(code) &&
    (issues === undefined ||
      (Array.isArray(issues) &&
        issues.every(
          (issue: unknown) =>
            typeof issue === 'object' &&
            issue !== null &&
            typeof (issue as Record<string, unknown>).path === 'string' &&
            typeof (issue as Record<string, unknown>).message === 'string',
        )))
  );
}

/**
 * What every request says it takes: JSON, in the interface's language. The browser's own Accept-Language would
 * name its language, not the one chosen on the sign-in screen, and a signed-out user's errors come back in this one
 * (a signed-in user's in their account's).
 */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (i18next.language) {
    headers['accept-language'] = i18next.language;
  }
  return headers;
}

/** The server's message for a failed response: the JSON `message`, else the body text. */
async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (res.status >= 500) {
    return new ApiError(res.status, res.statusText || text || String(res.status));
  }
  try {
    const body: unknown = JSON.parse(text);
    if (isApiError(body)) {
      return new ApiError(res.status, body.message, body.code, body.issues ?? []);
    }
  } catch {
    // not JSON: the body text is the message
  }
  return new ApiError(res.status, text || res.statusText);
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = requestHeaders();
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (options.idempotencyKey) {
    headers['idempotency-key'] = options.idempotencyKey;
  }
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) {
    init.signal = options.signal;
  }
  const res = await trackedFetch(path, init);
  // A read answered from the service worker's cache: remember how old it is ("as of").
  noteServedAt(method, path, res);
  if (!res.ok) {
    throw await failure(res);
  }
  if (res.status === 204) {
    return undefined as T;
  }
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) =>
    apiRequest<T>('POST', path, { body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/**
 * Whether a request failed for want of a network: `fetch` rejects with a TypeError then, whose text is the
 * browser's own and in its own words ("Failed to fetch", "NetworkError when attempting to fetch resource.", "Load
 * failed"); so is a screen's code that could not be downloaded.
 */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/**
 * Spec §8: a failed query reads 'status: status text' (5xx) or 'status: message' when the server answered. When it
 * did not, the reason in the reader's language (offline, or something unexpected), never the browser's raw text:
 * that goes to the console (the query client logs every failed query).
 */
export function queryErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return `${error.status}: ${error.message}`;
  }
  return i18next.t(isNetworkFailure(error) ? 'common:loadFailure.offline' : 'common:loadFailure.unexpected');
}
