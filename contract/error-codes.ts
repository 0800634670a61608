// The API's error codes and the HTTP status of each: no zod here, so the web's first load can read them.
export const ERROR_CODES = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  timeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  uriTooLong: 414,
  unsupportedMediaType: 415,
  unprocessable: 422,
  rateLimited: 429,
  headersTooLarge: 431,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** The code of an HTTP status that came without one (a proxy's page, a bare status): 4xx badRequest, 5xx internal. */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'internal' : 'badRequest';
}
