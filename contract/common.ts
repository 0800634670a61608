// Zod schemas of the enums in `constants.ts` and of path ids, shared by the server and the web app.
import { z } from 'zod';
import { LANGUAGES, MAX_INT4, ROLES } from './constants';

export const ZLanguage = z.enum(LANGUAGES);
export const ZRole = z.enum(ROLES);

/** Positive integer id from a path parameter (`/api/things/:id`). */
export const ZId = z.coerce
  .number({ error: 'validation.invalidId' })
  .int('validation.invalidId')
  .positive('validation.invalidId')
  .max(MAX_INT4, 'validation.invalidId');
export const ZIdParams = z.object({ id: ZId });

/** A user named in a response: who is party to an order, a link or a commission. */
export const ZParty = z.object({ id: z.number().int(), username: z.string() });

/**
 * `?farmer=<id>` on a list of orders or bids: only those of this farmer's sales (the order's seller, the bid's
 * listing's owner). An agent may name only a farmer they represent now (403 otherwise); to anyone else it narrows
 * what they already see.
 */
export const ZFarmerFilter = ZId.optional();
