// The "record payout" form's schema, loaded with the form (not with the operations screen).
import { z } from 'zod';
import { ZPayoutRecordInput } from '../../../../contract/payments';

/** Text inputs, blanks left out (the day is optional), then the API's own schema. */
export const recordForm = z
  .object({ method: z.string(), reference: z.string(), paidAt: z.string() })
  .transform((values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')))
  .pipe(ZPayoutRecordInput);
