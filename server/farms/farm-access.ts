// The one farm-access guard: every /api/farms/:id/... route asks it. Non-members get 404 (the farm stays secret).
import { and, eq } from 'drizzle-orm';
import type { FarmMemberRole } from '../../contract/farms';
import type { SessionUser } from '../auth/sessions';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { farmMembers, farms } from './farms.schema';

/** Which farm roles may do which farm action. */
export const FARM_PERMISSIONS = {
  'farm.read': ['owner', 'manager', 'worker', 'viewer'],
  'farm.update': ['owner', 'manager'],
  'farm.members': ['owner'],
  'farm.sensors.write': ['owner', 'manager', 'worker'],
  'farm.devices': ['owner', 'manager'],
  'farm.surveys.write': ['owner', 'manager', 'worker'],
  'farm.analytics.generate': ['owner', 'manager', 'worker'],
  'farm.finance.read': ['owner', 'manager', 'worker', 'viewer'],
  'farm.finance.write': ['owner', 'manager'],
} as const satisfies Record<string, readonly FarmMemberRole[]>;
export type FarmAction = keyof typeof FARM_PERMISSIONS;

export type FarmRow = typeof farms.$inferSelect;

export async function farmRole(
  db: Tx,
  farmId: number,
  userId: number,
): Promise<{ farm: FarmRow; role: FarmMemberRole } | null> {
  const [row] = await db
    .select({ farm: farms, role: farmMembers.role })
    .from(farms)
    .innerJoin(farmMembers, and(eq(farmMembers.farmId, farms.id), eq(farmMembers.userId, userId)))
    .where(eq(farms.id, farmId))
    .limit(1);
  return row ?? null;
}

/** Loads the farm for `user` and checks `action`: 404 when not a member, 403 when the role may not do it. */
export async function requireFarmAccess(
  db: Tx,
  user: Pick<SessionUser, 'id'>,
  farmId: number,
  action: FarmAction,
) {
  const access = await farmRole(db, farmId, user.id);
  if (!access) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  if (!(FARM_PERMISSIONS[action] as readonly FarmMemberRole[]).includes(access.role)) {
    throw new AppError('forbidden', 'errors.farmForbidden');
  }
  return access;
}
