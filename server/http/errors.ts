// One application error type: a code (mapped to an HTTP status) and a catalogue key for the message.
import type { core } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../contract/error-codes';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** The request fields at fault, when a rule on stored data refuses a field (answered as `issues`). */
    readonly fields: readonly string[] = [],
  ) {
    super(key);
    this.status = ERROR_CODES[code];
  }
}

/** Thrown by the validator compiler; carries the zod issues parsed with their input. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: (core.$ZodIssue & { input?: unknown })[],
    readonly part: string,
  ) {
    super('validation');
  }
}

export const notFound = (key = 'errors.notFound') => new AppError('notFound', key);
export const forbidden = (key = 'errors.forbidden') => new AppError('forbidden', key);
export const conflict = (key: string, params?: Record<string, string | number>) =>
  new AppError('conflict', key, params);
export const badRequest = (key: string, params?: Record<string, string | number>) =>
  new AppError('badRequest', key, params);
