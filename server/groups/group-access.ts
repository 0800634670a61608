// Who may do what in a group, read from the database at each request (a member removed loses access at once): its
// feed and members are its active members' (a public discussion group's feed is anyone's), its intakes its keepers',
// its rules, settlements and books its admins'. Managers read every group. What the caller may not read is a 404.
import type { GroupRole } from '../../contract/groups';
import type { Tx } from '../db/client';
import { AppError, forbidden } from '../http/errors';
import { type GroupAccess, type GroupView, groupAccess, groupView } from './groups.repo';

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
  const view = await groupAccess(db, groupId, user.id);
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
  const view = await groupFor(db, user, groupId, need);
  if (view.group.kind !== 'cooperative' || view.group.accountUserId === null) {
    throw new AppError('notFound', 'groups.errors.notCooperative');
  }
  return { ...view, accountId: view.group.accountUserId };
}
