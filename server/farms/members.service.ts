// Farm membership: the farms a user belongs to, a farm's members, who may add or remove a member, leaving a farm,
// and the owner who always stays.
import type { FarmMemberRole } from '../../contract/farms';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { notify } from '../notifications';
import { revokeDevicesCreatedBy } from './devices/devices.repo';
import type { FarmAccess, FarmRow } from './farm-access-cache';
import { farmAccessCache } from './farm-access-cache';
import { farmAudience } from './farm-audience';
import { farmPagesCache } from './farm-pages-cache';
import { isFarmOwner, mayRemoveMember } from './farms.policy';
import { deleteMember, listFarmsOf, listMembers, upsertMember } from './farms.repo';

type MemberRow = NonNullable<Awaited<ReturnType<typeof upsertMember>>>;

/** The farms the user is a member of (owner included), each with the user's role, oldest first. */
export async function farmsOfUser(ctx: AppContext, userId: number) {
  return listFarmsOf(ctx.db, userId);
}

/** The farm's members with their usernames, in the order they joined. */
export async function membersOfFarm(ctx: AppContext, farmId: number) {
  return listMembers(ctx.db, farmId);
}

/**
 * Adds a user to the farm (checked for 'farm.members' by the route), or changes their role. The farm appears at once
 * in their `GET /api/farms`, and they may leave it (removeMember with themself); the live event refreshes their open
 * pages.
 */
export async function addMember(
  ctx: AppContext,
  options: { farm: FarmRow; userId: number; role: FarmMemberRole },
): Promise<{ member: MemberRow; username: string }> {
  const { farm } = options;
  const target = await findUserById(ctx.db, options.userId);
  if (!target) {
    throw new AppError('notFound', 'errors.userNotFound');
  }
  if (isFarmOwner(farm, target.id)) {
    throw new AppError('conflict', 'errors.ownerRole');
  }
  const member = await ctx.db.transaction(async (tx) => {
    const row = await upsertMember(tx, farm.id, target.id, options.role);
    if (row) {
      // The farm's members as of this write: the new member included.
      await ctx.bus.publish(tx, { type: 'farm', id: farm.id }, farmAudience(farm.id));
      // Only the owner adds members: the new member learns who added them, and may leave.
      const owner = await findUserById(tx, farm.ownerId);
      await notify(tx, ctx, [target.id], {
        type: 'farm_membership',
        data: { user: owner?.username ?? '', changeKey: 'notifications.membership.added', farm: farm.name },
        link: '/farms',
      });
    }
    return row;
  });
  farmAccessCache.of(ctx).drop(farm.id);
  farmPagesCache.of(ctx).drop(farm.id);
  if (!member) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  return { member, username: target.username };
}

/**
 * Ends a membership of the farm the route checked the actor's membership of: a member may leave (userId =
 * themself); removing someone else takes the 'farm.members' farm permission (farms.policy). The owner never leaves
 * nor is removed (409). Writes read farm access from the database and reads drop what this instance kept at once
 * (other instances on the removal's NOTIFY), so the removed user gets 404 on every farm route at once; the
 * device keys they made for the farm are revoked with the membership, so no credential of theirs still writes to it.
 */
export async function removeMember(
  ctx: AppContext,
  options: { access: FarmAccess; actor: Pick<SessionUser, 'id'>; userId: number },
): Promise<void> {
  const { farm, role } = options.access;
  if (!mayRemoveMember(options.actor, options.userId, role)) {
    throw new AppError('forbidden', 'errors.farmForbidden');
  }
  if (isFarmOwner(farm, options.userId)) {
    throw new AppError('conflict', 'farms.errors.ownerStays');
  }
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteMember(tx, farm.id, options.userId);
    if (!removed) {
      throw new AppError('notFound', 'farms.errors.memberNotFound');
    }
    await revokeDevicesCreatedBy(tx, farm.id, options.userId);
    if (options.userId !== options.actor.id) {
      const actor = await findUserById(tx, options.actor.id);
      await notify(tx, ctx, [options.userId], {
        type: 'farm_membership',
        data: { user: actor?.username ?? '', changeKey: 'notifications.membership.removed', farm: farm.name },
        link: null,
      });
    }
    // The members left, and the one removed, whose open pages learn the farm is gone (and hear nothing after).
    await ctx.bus.publish(
      tx,
      { type: 'farm', id: farm.id },
      farmAudience(farm.id, { also: [options.userId] }),
    );
  });
  farmAccessCache.of(ctx).drop(farm.id);
  farmPagesCache.of(ctx).drop(farm.id);
}
