// Farm membership rules: who may add or remove a member, leaving a farm, and the owner who always stays.
import type { z } from 'zod';
import type { FarmMemberRole, ZFarmMember } from '../../contract/farms';
import type { SessionUser } from '../auth/sessions';
import { findUserById } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { revokeDevicesCreatedBy } from './devices';
import { FARM_PERMISSIONS, farmRole, requireFarmAccess } from './farm-access';
import { farmAudience } from './farm-audience';
import { deleteMember, upsertMember } from './farms.repo';

type Services = Pick<AppContext, 'db' | 'bus'>;
type TFarmMember = z.infer<typeof ZFarmMember>;

/**
 * Adds a user to the farm, or changes their role. The farm appears at once in their `GET /api/farms`, and they may
 * leave it (removeMember with themself); the live event refreshes their open pages.
 */
export async function addMember(
  s: Services,
  options: { farmId: number; actor: Pick<SessionUser, 'id'>; userId: number; role: FarmMemberRole },
): Promise<TFarmMember> {
  const { farm } = await requireFarmAccess(s.db, options.actor, options.farmId, 'farm.members');
  const target = await findUserById(s.db, options.userId);
  if (!target) {
    throw new AppError('notFound', 'errors.userNotFound');
  }
  if (target.id === farm.ownerId) {
    throw new AppError('conflict', 'errors.ownerRole');
  }
  const member = await s.db.transaction(async (tx) => {
    const row = await upsertMember(tx, farm.id, target.id, options.role);
    if (row) {
      // The farm's members as of this write: the new member included.
      await s.bus.publish(tx, { type: 'farm', id: farm.id }, farmAudience(farm.id));
    }
    return row;
  });
  if (!member) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  return {
    farmId: member.farmId,
    userId: member.userId,
    username: target.username,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
  };
}

/**
 * Ends a membership: a member may leave (userId = themself); removing someone else takes the 'farm.members' farm
 * permission. The owner never leaves nor is removed (409). Farm access is read from the database on every request
 * (nothing caches it in memory), so the removed user gets 404 on every farm route at once, on every instance; the
 * device keys they made for the farm are revoked with the membership, so no credential of theirs still writes to it.
 */
export async function removeMember(
  s: Services,
  options: { farmId: number; actor: Pick<SessionUser, 'id'>; userId: number },
): Promise<void> {
  const leaving = options.userId === options.actor.id;
  await s.db.transaction(async (tx) => {
    const access = await farmRole(tx, options.farmId, options.actor.id);
    if (!access) {
      throw new AppError('notFound', 'errors.farmNotFound');
    }
    const may = (FARM_PERMISSIONS['farm.members'] as readonly FarmMemberRole[]).includes(access.role);
    if (!leaving && !may) {
      throw new AppError('forbidden', 'errors.farmForbidden');
    }
    if (options.userId === access.farm.ownerId) {
      throw new AppError('conflict', 'farms.errors.ownerStays');
    }
    const removed = await deleteMember(tx, access.farm.id, options.userId);
    if (!removed) {
      throw new AppError('notFound', 'farms.errors.memberNotFound');
    }
    await revokeDevicesCreatedBy(tx, access.farm.id, options.userId);
    // The members left, and the one removed, whose open pages learn the farm is gone (and hear nothing after).
    await s.bus.publish(
      tx,
      { type: 'farm', id: access.farm.id },
      farmAudience(access.farm.id, { also: [options.userId] }),
    );
  });
}
