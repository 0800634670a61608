// Enums and constants shared by the server and the web app.
import { z } from 'zod';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const ZLanguage = z.enum(LANGUAGES);
export const DEFAULT_LANGUAGE: Language = 'en';

export const ROLES = ['farmer', 'agent', 'delivery', 'buyer', 'manager'] as const;
export type Role = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES);
export const SELF_REGISTER_ROLES = ['farmer', 'buyer'] as const;

/** Positive integer id from a path parameter (`/api/things/:id`). */
export const ZId = z.coerce
  .number({ error: 'validation.invalidId' })
  .int('validation.invalidId')
  .positive('validation.invalidId')
  .max(2_147_483_647, 'validation.invalidId');
export const ZIdParams = z.object({ id: ZId });

/** Query freshness and refresh intervals of the spec (§9), in milliseconds. */
export const INTERVALS = {
  profileStale: 30_000,
  commoditiesStale: 30_000,
  posts: 30_000,
  market: 30_000,
  financials: 30_000,
  analytics: 60_000,
} as const;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
