// Farm constants the web's screens need at first render, without zod (contract/farms.ts holds the schemas).
import type { Role } from './constants';

/** The platform roles that may create a farm (the server's 'farms.create'; the web offers the form to them only). */
export const FARM_CREATOR_ROLES = ['farmer', 'manager'] as const satisfies readonly Role[];
