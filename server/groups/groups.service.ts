// Groups and membership: making a group (a co-operative gets its marketplace party), finding groups, changing a
// group's rules, and the life of a membership (asked, invited, accepted, roles, leaving, removal). A co-operative
// admin acts for its party (an agent link of kind group) and keeps its stores; a store keeper keeps its stores.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type GroupRole,
  type ZGroupInput,
  ZGroupList,
  type ZGroupPatch,
  type ZGroupQuery,
} from '../../contract/groups';
import { setGroupLink } from '../agents';
import { findUserById, hashPassword, insertUser } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { userIdArray } from '../events/audience';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden } from '../http/errors';
import { jsonText } from '../http/json-body';
import { notify } from '../notifications';
import { setKeeperOfStores } from '../stock';
import { type Actor, canOf, groupFor, groupNotFound, visibleGroup } from './group-access';
import { presentGroup } from './groups.present';
import {
  activeAdmins,
  activeMembersSql,
  deleteMember,
  type GroupRow,
  type GroupView,
  groupPage,
  groupView,
  insertGroup,
  insertMember,
  lockGroup,
  type MemberView,
  memberRow,
  memberViewOf,
  updateGroup,
  updateMember,
} from './groups.repo';
import { type GroupsPage, groupsCache } from './groups-cache';

/**
 * A write to groups or memberships in one transaction; `changed` names the group (and whoever else should hear it:
 * someone invited or removed) for its `group` event. Once it commits, this instance's copies go at once, so the
 * writer's next read shows the write.
 */
async function groupWrite<T>(
  ctx: AppContext,
  work: (tx: Tx) => Promise<{ result: T; changed: { groupId: number; also?: readonly number[] } }>,
): Promise<T> {
  const { result } = await ctx.db.transaction(async (tx) => {
    const done = await work(tx);
    const { groupId, also = [] } = done.changed;
    await ctx.bus.publish(
      tx,
      { type: 'group', id: groupId },
      { userIdsSql: sql`(${activeMembersSql(groupId)} || ${userIdArray(also)})` },
    );
    return done;
  });
  groupsCache.of(ctx).drop();
  return result;
}

// ---- Groups

export async function createGroup(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZGroupInput>,
): Promise<GroupView> {
  const id = await groupWrite(ctx, async (tx) => {
    const account = input.kind === 'cooperative' ? await openAccount(tx, input.name, user) : null;
    const group = await insertGroup(tx, {
      name: input.name,
      kind: input.kind,
      description: input.description,
      region: input.region ?? null,
      // A co-operative's feed is its members' only, whatever was asked.
      visibility: input.kind === 'cooperative' ? 'members' : input.visibility,
      crops: input.crops,
      ...rulesOf(input),
      accountUserId: account,
      createdBy: user.id,
    });
    await insertMember(tx, {
      groupId: group.id,
      userId: user.id,
      role: 'admin',
      status: 'active',
      joinedAt: new Date(),
    });
    await applyRole(ctx, tx, group, { userId: user.id, role: 'admin', by: user.id });
    return { result: group.id, changed: { groupId: group.id } };
  });
  return (await groupView(ctx.db, id, user.id)) as GroupView;
}

/** The co-operative's marketplace party: an account nobody signs in to (its password is never known). */
async function openAccount(tx: Tx, name: string, creator: SessionUser): Promise<number> {
  const base = `coop-${name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 24)}`;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  // Names are not unique: after a few numbered tries a random suffix, so the hundredth "Coop Menoua" still opens.
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix =
      attempt === 0 ? '' : attempt < 5 ? `-${attempt + 1}` : `-${randomBytes(4).toString('hex')}`;
    const row = await insertUser(tx, {
      username: `${base}${suffix}`,
      passwordHash,
      role: 'farmer',
      language: creator.language,
    });
    if (row) {
      return row.id;
    }
  }
  throw new Error(`no free account name for ${base}`);
}

type Rules = Pick<z.output<typeof ZGroupInput>, 'levyPercent' | 'transportPerTon' | 'gradeDifferentials'>;

function rulesOf(input: Partial<Rules>) {
  return {
    ...(input.levyPercent === undefined ? {} : { levyTenths: Math.round(input.levyPercent * 10) }),
    ...(input.transportPerTon === undefined ? {} : { transportPerTon: input.transportPerTon }),
    ...(input.gradeDifferentials?.A === undefined ? {} : { differentialA: input.gradeDifferentials.A }),
    ...(input.gradeDifferentials?.B === undefined ? {} : { differentialB: input.gradeDifferentials.B }),
    ...(input.gradeDifferentials?.C === undefined ? {} : { differentialC: input.gradeDifferentials.C }),
  };
}

/** A page of groups as sent: the first (what the Groups screen opens with) kept per reader, later ones read as asked. */
export async function groupsAnswer(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof ZGroupQuery>,
): Promise<GroupsPage> {
  const answer = async (): Promise<GroupsPage> => {
    const page = await readGroups(ctx, user, query);
    const data = page.items.map((view) => presentGroup(user, view));
    return { body: Buffer.from(jsonText(ZGroupList, { data })), next: page.next };
  };
  return query.cursor === undefined ? groupsCache.of(ctx).firstPage(user, query, answer) : answer();
}

async function readGroups(ctx: AppContext, user: SessionUser, query: z.output<typeof ZGroupQuery>) {
  const rows = await groupPage(ctx.db, user.id, {
    kind: query.kind,
    region: query.region,
    crop: query.crop,
    q: query.q,
    mine: query.mine === 'true',
    cursor: query.cursor,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  return { items: page, next: rows.length > query.limit ? (page.at(-1)?.group.id ?? null) : null };
}

/** A group's card as the caller sees it (every group's card is findable), or 404. */
export async function getGroup(ctx: AppContext, user: SessionUser, id: number): Promise<GroupView> {
  const view = await groupsCache.of(ctx).view(id, user.id, () => groupView(ctx.db, id, user.id));
  if (!view) {
    throw groupNotFound();
  }
  return view;
}

export async function changeGroup(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  patch: z.output<typeof ZGroupPatch>,
): Promise<GroupView> {
  await groupWrite(ctx, async (tx) => {
    const view = await groupFor(tx, user, id, 'manage');
    await updateGroup(tx, id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.region === undefined ? {} : { region: patch.region }),
      ...(patch.visibility === undefined || view.group.kind === 'cooperative'
        ? {}
        : { visibility: patch.visibility }),
      ...(patch.crops === undefined ? {} : { crops: patch.crops }),
      ...rulesOf(patch),
    });
    return { result: null, changed: { groupId: id } };
  });
  return (await groupView(ctx.db, id, user.id)) as GroupView;
}

// ---- Membership

/** What a role gives in a co-operative: an admin acts for its party; admins and keepers keep its stores. */
async function applyRole(
  ctx: AppContext,
  tx: Tx,
  group: GroupRow,
  change: { userId: number; role: GroupRole | null; by: number },
) {
  const account = group.accountUserId;
  if (group.kind !== 'cooperative' || account === null) {
    return;
  }
  const { userId, role, by } = change;
  const link = await setGroupLink(tx, userId, account, role === 'admin');
  if (link !== null) {
    // What the admin may do for the co-operative changed: their pages (and every instance's caches) hear it.
    await ctx.bus.publish(tx, { type: 'agent_link', id: link }, { userIds: [userId, account] });
  }
  const keeps = role === 'admin' || role === 'store_keeper';
  await setKeeperOfStores(tx, ctx.bus, { ownerId: account, userId, on: keeps, by });
}

async function tell(ctx: AppContext, tx: Tx, to: readonly (number | null)[], group: GroupRow, event: string) {
  await notify(tx, ctx, to, {
    type: 'group_membership',
    data: { group: group.name, event },
    link: `/groups/${group.id}`,
  });
}

/** Asks to join (a public discussion group takes the caller at once), or, with `userId`, an admin invites. */
export async function addMember(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: { userId?: number | undefined; role?: GroupRole | undefined },
): Promise<MemberView> {
  const target = input.userId ?? user.id;
  await groupWrite(ctx, async (tx) => {
    const view = await visibleGroup(tx, user, groupId);
    const inviting = target !== user.id;
    if (inviting && !canOf(user, view).manage) {
      throw view.status === 'active'
        ? forbidden('groups.errors.notAdmin')
        : new AppError('notFound', 'groups.errors.notFound');
    }
    if (inviting && !(await findUserById(tx, target))) {
      throw new AppError('notFound', 'groups.errors.memberNotActive', {}, {}, ['userId']);
    }
    const open = !inviting && view.group.kind === 'discussion' && view.group.visibility === 'public';
    const row = await insertMember(tx, {
      groupId,
      userId: target,
      role: inviting ? (input.role ?? 'member') : 'member',
      status: inviting ? 'invited' : open ? 'active' : 'requested',
      invitedBy: inviting ? user.id : null,
      joinedAt: open ? new Date() : null,
    });
    if (!row) {
      throw conflict('groups.errors.alreadyMember');
    }
    if (inviting) {
      await tell(ctx, tx, [target], view.group, 'invited');
    } else if (!open) {
      await tell(ctx, tx, await activeAdmins(tx, groupId), view.group, 'requested');
    }
    return { result: null, changed: { groupId, also: [target] } };
  });
  return (await memberViewOf(ctx.db, groupId, target)) as MemberView;
}

/** An admin decides a request; the invited person decides their invitation. Declined: the row goes. */
export async function decideMember(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  userId: number,
  accept: boolean,
): Promise<MemberView | null> {
  await groupWrite(ctx, async (tx) => {
    const view = await visibleGroup(tx, user, groupId);
    const row = await memberRow(tx, groupId, userId);
    const decides =
      row !== null &&
      ((row.status === 'requested' && canOf(user, view).manage) ||
        (row.status === 'invited' && userId === user.id));
    if (!row || row.status === 'active' || !decides) {
      throw new AppError(
        'notFound',
        row?.status === 'invited' ? 'groups.errors.notInvited' : 'groups.errors.noRequest',
      );
    }
    const changed = { groupId, also: [userId] };
    if (!accept) {
      await deleteMember(tx, groupId, userId);
      return { result: null, changed };
    }
    await updateMember(tx, groupId, userId, { status: 'active', joinedAt: new Date() });
    await applyRole(ctx, tx, view.group, { userId, role: row.role, by: user.id });
    await tell(ctx, tx, row.status === 'requested' ? [userId] : [row.invitedBy], view.group, 'accepted');
    return { result: null, changed };
  });
  return accept ? memberViewOf(ctx.db, groupId, userId) : null;
}

/** An admin changes an active member's role; the last admin stays one. */
export async function setMemberRole(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  userId: number,
  role: GroupRole,
): Promise<MemberView> {
  await groupWrite(ctx, async (tx) => {
    const view = await groupFor(tx, user, groupId, 'manage');
    const row = await memberRow(tx, groupId, userId);
    if (row?.status !== 'active') {
      throw new AppError('notFound', 'groups.errors.memberNotActive');
    }
    const admins = await activeAdmins(tx, groupId);
    if (role !== 'admin' && admins.length === 1 && admins[0] === userId) {
      throw conflict('groups.errors.lastAdmin');
    }
    await updateMember(tx, groupId, userId, { role });
    await applyRole(ctx, tx, view.group, { userId, role, by: user.id });
    return { result: null, changed: { groupId, also: [userId] } };
  });
  return (await memberViewOf(ctx.db, groupId, userId)) as MemberView;
}

/** Leaves (oneself) or removes (an admin): access to the feed, intakes and books ends with the row. */
export async function removeMember(
  ctx: AppContext,
  user: Actor,
  groupId: number,
  userId: number,
): Promise<void> {
  await groupWrite(ctx, async (tx) => {
    const group = await lockGroup(tx, groupId);
    const view = await groupView(tx, groupId, user.id);
    if (!group || !view) {
      throw new AppError('notFound', 'groups.errors.notFound');
    }
    if (userId !== user.id && !canOf(user, view).manage) {
      throw view.status === 'active'
        ? forbidden('groups.errors.notAdmin')
        : new AppError('notFound', 'groups.errors.notFound');
    }
    const row = await memberRow(tx, groupId, userId);
    if (!row) {
      throw new AppError('notFound', 'groups.errors.memberNotActive');
    }
    const admins = await activeAdmins(tx, groupId);
    if (row.role === 'admin' && row.status === 'active' && admins.length === 1) {
      throw conflict('groups.errors.lastAdmin');
    }
    await deleteMember(tx, groupId, userId);
    await applyRole(ctx, tx, group, { userId, role: null, by: user.id });
    if (userId !== user.id) {
      await tell(ctx, tx, [userId], group, 'removed');
    }
    return { result: null, changed: { groupId, also: [userId] } };
  });
}
