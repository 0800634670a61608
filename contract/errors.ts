// The one error shape every API failure answers with; its code is one of contract/error-codes.
import { z } from 'zod';
import { ERROR_CODE_NAMES } from './error-codes';

export const ZApiIssue = z.object({ path: z.string(), message: z.string() });
export const ZApiError = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODE_NAMES),
  issues: z.array(ZApiIssue).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
