// The one error shape every API failure answers with.
import { z } from 'zod';

export const ZApiIssue = z.object({ path: z.string(), message: z.string() });
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(ZApiIssue).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

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
