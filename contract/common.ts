// Enums and constants shared by the server and the web app, with their zod schemas.
import { z } from 'zod';
import { LANGUAGES, MAX_INT4, ROLES } from './constants';

export {
  DEFAULT_LANGUAGE,
  INTERVALS,
  LANGUAGES,
  type Language,
  ROLES,
  type Role,
  SELF_REGISTER_ROLES,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
} from './constants';

export const ZLanguage = z.enum(LANGUAGES);
export const ZRole = z.enum(ROLES);

/** Positive integer id from a path parameter (`/api/things/:id`). */
export const ZId = z.coerce
  .number({ error: 'validation.invalidId' })
  .int('validation.invalidId')
  .positive('validation.invalidId')
  .max(MAX_INT4, 'validation.invalidId');
export const ZIdParams = z.object({ id: ZId });
