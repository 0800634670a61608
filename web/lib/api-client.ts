// The one way the web app talks to the API: JSON, cookies, the interface's language, and the spec's error semantics.
import i18next from 'i18next';
import { codeForStatus, type ErrorCode, isErrorCode } from '../../contract/error-codes';
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

/**
 * A request that no server answered: `fetch`'s own TypeError (so `isNetworkFailure` still reads it) with the
 * reader's "offline" for its message; the browser's words ("Failed to fetch") stay in `cause`, for the console.
 */
export class NetworkFailure extends TypeError {
  constructor(cause: unknown) {
    super(i18next.t('common:loadFailure.offline'), { cause });
  }
}

/** `trackedFetch`, its "no server answered" saying offline in the reader's language. */
export const apiFetch = (input: string, init: RequestInit): Promise<Response> =>
  trackedFetch(input, init).catch((error: unknown) => {
    throw error instanceof TypeError ? new NetworkFailure(error) : error;
  });

/** The catalogue key of what a status means, for an answer that says nothing the reader could read. */
export const statusMessageKey = (status: number): string =>
  `common.loadFailure.status.${codeForStatus(status)}`;

/** The reader's text for a status that came without the API's own message (a 5xx, a proxy's page). */
export const statusText = (status: number): string =>
  i18next.t(statusMessageKey(status).replace(/^common\./, 'common:'));

/**
 * The error of a failed response. The API's own shape carries a message already in the reader's language (the
 * server writes it from the same catalogues); anything else (a 5xx, a proxy's HTML, a bare status) reads as what
 * its status means, and its raw text goes to the console only.
 */
export async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (res.status < 500) {
    try {
      const body: unknown = JSON.parse(text);
      if (isApiError(body)) {
        return new ApiError(res.status, body.message, body.code, body.issues ?? []);
      }
    } catch {
      // not JSON: said by its status below
    }
  }
  console.warn('request failed', res.status, res.statusText, text.slice(0, 500));
  return new ApiError(res.status, statusText(res.status), codeForStatus(res.status));
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
  const res = await apiFetch(path, init);
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
 * What a failed request or write says to the reader, always in their language: the server's message (or what its
 * status means), "offline" when no server answered, "unexpected error" for anything else. Never the browser's or
 * the code's own words: those go to the console (the query and mutation caches log every failure).
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.message;
  }
  return i18next.t(isNetworkFailure(error) ? 'common:loadFailure.offline' : 'common:loadFailure.unexpected');
}

/** Spec §8: a failed query reads 'status: message' when a server answered; otherwise the reason alone. */
export function queryErrorText(error: unknown): string {
  return error instanceof ApiError ? `${error.status}: ${error.message}` : failureText(error);
}

/**
 * The error a write's callbacks receive: one whose `message` is `failureText` (a screen's toast shows
 * `error.message`), keeping an `ApiError` (its status, code and issues) or a network failure as it is.
 */
export function readableError(error: unknown): Error {
  if (error instanceof ApiError || error instanceof NetworkFailure) {
    return error;
  }
  if (isNetworkFailure(error)) {
    return new NetworkFailure(error);
  }
  return new Error(failureText(error), { cause: error });
}
