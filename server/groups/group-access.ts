// Who may do what in a group: its feed and members are its active members' (a public discussion group's feed is
// anyone's), its intakes its keepers', its rules, settlements and books its admins'. Managers read every group. What
// the caller may not read is a 404. A write checks in its own transaction; a read through the instance's copy of the
// caller's view, which every change of the group or its membership drops at once (a member removed loses access).
import type { GroupRole } from '../../contract/groups';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError, forbidden } from '../http/errors';
import { type GroupAccess, type GroupView, groupAccess, groupView } from './groups.repo';
import { groupsCache } from './groups-cache';

export interface Actor {
  id: number;
  role: string;
}

export const groupNotFound = () => new AppError('notFound', 'groups.errors.notFound');

export interface GroupCan {
  read: boolean;
  post: boolean;
  manage: boolean;
  keep: boolean;
}

export function canOf(user: Actor, view: GroupAccess): GroupCan {
  const active = view.status === 'active';
  const role: GroupRole | null = active ? view.role : null;
  const coop = view.group.kind === 'cooperative';
  return {
    read: active || user.role === 'manager' || (!coop && view.group.visibility === 'public'),
    post: active,
    manage: role === 'admin',
    keep: coop && (role === 'admin' || role === 'store_keeper'),
  };
}

/** The group as the caller sees it (every group's card is findable), or 404. */
export async function visibleGroup(db: Tx, user: Actor, groupId: number): Promise<GroupView> {
  const view = await groupView(db, groupId, user.id);
  if (!view) {
    throw groupNotFound();
  }
  return view;
}

type Need = 'read' | 'post' | 'manage' | 'keep' | 'member';

const refusal: Record<Need, string> = {
  read: 'groups.errors.notMember',
  post: 'groups.errors.notMember',
  member: 'groups.errors.notMember',
  manage: 'groups.errors.notAdmin',
  keep: 'groups.errors.notKeeper',
};

/**
 * The group, when the caller may do `need` in it: a group whose feed they may not read is not theirs to know
 * more of (404); a member lacking the role is told so (403). `member`: any active member.
 */
export async function groupFor(db: Tx, user: Actor, groupId: number, need: Need): Promise<GroupAccess> {
  return allowed(user, await groupAccess(db, groupId, user.id), need);
}

/**
 * `groupFor` for a read, through this instance's copy of the caller's view of the group (dropped at once when the
 * group or its membership changes, on every instance): a write checks in its own transaction instead.
 */
export async function groupForReading(
  ctx: AppContext,
  user: Actor,
  groupId: number,
  need: Need,
): Promise<GroupAccess> {
  const view = await groupsCache.of(ctx).view(groupId, user.id, () => groupView(ctx.db, groupId, user.id));
  return allowed(user, view, need);
}

function allowed<V extends GroupAccess>(user: Actor, view: V | null, need: Need): V {
  if (!view) {
    throw groupNotFound();
  }
  const can = canOf(user, view);
  if (!can.read) {
    throw groupNotFound();
  }
  const ok = need === 'member' ? view.status === 'active' : can[need];
  if (!ok) {
    throw view.status === 'active' ? forbidden(refusal[need]) : groupNotFound();
  }
  return view;
}

/** A co-operative the caller may do `need` in (a discussion group has no stores, intakes or books: 404). */
export async function coopFor(
  db: Tx,
  user: Actor,
  groupId: number,
  need: Need,
): Promise<GroupAccess & { accountId: number }> {
  return coopOf(await groupFor(db, user, groupId, need));
}

/** `coopFor` for a read, through this instance's copy (see `groupForReading`). */
export async function coopForReading(
  ctx: AppContext,
  user: Actor,
  groupId: number,
  need: Need,
): Promise<GroupAccess & { accountId: number }> {
  return coopOf(await groupForReading(ctx, user, groupId, need));
}

function coopOf(view: GroupAccess): GroupAccess & { accountId: number } {
  if (view.group.kind !== 'cooperative' || view.group.accountUserId === null) {
    throw new AppError('notFound', 'groups.errors.notCooperative');
  }
  return { ...view, accountId: view.group.accountUserId };
}
