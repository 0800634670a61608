// What a deployment tells every client before anything else: its currency and its decimals, the country code phone
// numbers start with, and the languages it speaks.
import { z } from 'zod';
import { LANGUAGES } from './constants';
import { MOBILE_MONEY_PROVIDERS } from './payments';

/** GET /api/config (public). */
export const ZDeploymentConfig = z.object({
  /** ISO 4217 code: every amount is in it. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Its decimals (ISO 4217): amounts are typed and answered with at most these. */
  currencyDigits: z.number().int().min(0).max(2),
  /** What phone number fields start with (e.g. +237); null: none. */
  defaultCountryCode: z.string().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  /** The mobile-money providers a buyer can pay with here; none: payments are recorded by hand only. */
  mobileMoney: z.array(z.enum(MOBILE_MONEY_PROVIDERS)),
});
export type TDeploymentConfig = z.infer<typeof ZDeploymentConfig>;
