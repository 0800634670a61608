// Who hears a farm's live events: the members the farm guard lets do the reading, as the write commits.
import { type SQL, sql } from 'drizzle-orm';
import type { FarmMemberRole } from '../../contract/farms';
import { type Audience, userIdArray } from '../events/audience';
import { FARM_PERMISSIONS, type FarmAction } from '../http/permissions';

/**
 * The farm's members whose role may do `action` (default 'farm.read'; the books use 'farm.finance.read'), read
 * in the write's own statement: a member removed before the write no longer hears it, on any instance. `also` adds users
 * (e.g. a member just removed, whose open pages must learn the farm is gone).
 */
export function farmAudience(
  farmId: number | SQL,
  options: { action?: FarmAction; also?: readonly number[] } = {},
): Audience {
  const roles = FARM_PERMISSIONS[options.action ?? 'farm.read'] as readonly FarmMemberRole[];
  const members = sql`array(select user_id from farm_members where farm_id = (${farmId})::int and role in (${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )}))`;
  return { userIdsSql: options.also?.length ? sql`(${members} || ${userIdArray(options.also)})` : members };
}

/** Who hears of a change to a farm's books: the members who may read them. */
export function booksAudience(farmId: number | SQL): Audience {
  return farmAudience(farmId, { action: 'farm.finance.read' });
}
