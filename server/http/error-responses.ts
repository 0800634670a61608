// The error answers a route declares in its response schema: every one of them is the contract's ZApiError.
import type { ERROR_CODES } from '../../contract/error-codes';
import { ZApiError } from '../../contract/errors';

type ErrorStatus = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** `{ 400: ZApiError, 404: ZApiError, … }` for the statuses given, to spread into a route's `response`. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ZApiError> {
  return Object.fromEntries(statuses.map((status) => [status, ZApiError])) as Record<S, typeof ZApiError>;
}
