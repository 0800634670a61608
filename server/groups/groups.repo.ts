// Groups, their members and their feed: reads and writes of this module's group tables.
import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { GroupKind, GroupRole, MemberStatus } from '../../contract/groups';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { groupComments, groupMembers, groupPosts, groups } from './groups.schema';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

/** A group and the caller's membership (null: none): what deciding their access needs. */
export interface GroupAccess {
  group: GroupRow;
  accountUsername: string | null;
  role: GroupRole | null;
  status: MemberStatus | null;
}

/** A group with its active member count and the caller's membership, as shown. */
export interface GroupView extends GroupAccess {
  memberCount: number;
}

const meOf = (viewerId: number) => sql<
  string | null
>`(select gm.role || ':' || gm.status from group_members gm
    where gm.group_id = ${groups.id} and gm.user_id = ${viewerId})`;

function groupViews(db: Tx, viewerId: number) {
  return db
    .select({
      group: groups,
      memberCount: sql<number>`(select count(*) from group_members gm
        where gm.group_id = ${groups.id} and gm.status = 'active')::int`,
      accountUsername: users.username,
      me: meOf(viewerId),
    })
    .from(groups)
    .leftJoin(users, eq(users.id, groups.accountUserId));
}

/**
 * The group and the caller's membership without counting its members: every request of a co-operative's 2,000
 * members would otherwise count them all to decide its access.
 */
export async function groupAccess(db: Tx, id: number, viewerId: number): Promise<GroupAccess | null> {
  const [row] = await db
    .select({ group: groups, accountUsername: users.username, me: meOf(viewerId) })
    .from(groups)
    .leftJoin(users, eq(users.id, groups.accountUserId))
    .where(eq(groups.id, id));
  return row ? accessOf(row) : null;
}

type RawAccess = { group: GroupRow; accountUsername: string | null; me: string | null };
type RawView = RawAccess & { memberCount: number };

function accessOf(row: RawAccess): GroupAccess {
  const [role, status] = row.me === null ? [null, null] : row.me.split(':');
  return {
    group: row.group,
    accountUsername: row.accountUsername,
    role: (role ?? null) as GroupRole | null,
    status: (status ?? null) as MemberStatus | null,
  };
}

function viewOf(row: RawView): GroupView {
  return { ...accessOf(row), memberCount: row.memberCount };
}

export async function groupView(db: Tx, id: number, viewerId: number): Promise<GroupView | null> {
  const [row] = await groupViews(db, viewerId).where(eq(groups.id, id));
  return row ? viewOf(row) : null;
}

export interface GroupFilter {
  kind?: GroupKind | undefined;
  region?: string | undefined;
  crop?: string | undefined;
  q?: string | undefined;
  mine: boolean;
  cursor?: number | undefined;
  limit: number;
}

/** Groups newest first, filtered; `mine`: those the viewer belongs to, asked to join or is invited to. */
export async function groupPage(db: Tx, viewerId: number, filter: GroupFilter): Promise<GroupView[]> {
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where: (SQL | undefined)[] = [
    filter.kind === undefined ? undefined : eq(groups.kind, filter.kind),
    filter.region === undefined ? undefined : ilike(groups.region, like(filter.region)),
    filter.crop === undefined
      ? undefined
      : sql`exists(select 1 from unnest(${groups.crops}) c where lower(c) = lower(${filter.crop}))`,
    filter.q === undefined
      ? undefined
      : or(ilike(groups.name, like(filter.q)), ilike(groups.description, like(filter.q))),
    filter.mine
      ? sql`exists(select 1 from group_members gm where gm.group_id = ${groups.id} and gm.user_id = ${viewerId})`
      : undefined,
    filter.cursor === undefined ? undefined : lt(groups.id, filter.cursor),
  ];
  const rows = await groupViews(db, viewerId)
    .where(and(...where))
    .orderBy(desc(groups.id))
    .limit(filter.limit + 1);
  return rows.map(viewOf);
}

export async function insertGroup(db: Tx, values: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) {
    throw new Error('group not inserted');
  }
  return row;
}

export async function updateGroup(db: Tx, id: number, values: Partial<typeof groups.$inferInsert>) {
  await db.update(groups).set(values).where(eq(groups.id, id));
}

export async function lockGroup(db: Tx, id: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).for('update');
  return row ?? null;
}

/** The co-operative whose marketplace party is `userId`, if any. */
export async function groupOfAccount(db: Tx, userId: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(groups).where(eq(groups.accountUserId, userId)).limit(1);
  return row ?? null;
}

// ---- Members

export async function memberRow(db: Tx, groupId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

export async function insertMember(
  db: Tx,
  values: typeof groupMembers.$inferInsert,
): Promise<MemberRow | null> {
  const [row] = await db.insert(groupMembers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateMember(
  db: Tx,
  groupId: number,
  userId: number,
  values: Partial<typeof groupMembers.$inferInsert>,
): Promise<MemberRow> {
  const [row] = await db
    .update(groupMembers)
    .set(values)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning();
  if (!row) {
    throw new Error(`member ${userId} of group ${groupId} vanished`);
  }
  return row;
}

export async function deleteMember(db: Tx, groupId: number, userId: number): Promise<void> {
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

/** Active admins, locked: the last one may not leave while others change roles at once. */
export async function activeAdmins(db: Tx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.role, 'admin'),
        eq(groupMembers.status, 'active'),
      ),
    )
    .for('update');
  return rows.map((r) => r.userId);
}

/** Ids of active members holding one of the roles (all active members when none named). */
export async function activeMemberIds(
  db: Tx,
  groupId: number,
  roles?: readonly GroupRole[],
): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        roles === undefined ? undefined : inArray(groupMembers.role, [...roles]),
      ),
    );
  return rows.map((r) => r.userId);
}

export interface MemberView {
  member: MemberRow;
  username: string;
  language: 'en' | 'fr';
  proven: boolean;
}

const memberColumns = {
  member: groupMembers,
  username: users.username,
  language: users.language,
  proven: sql<boolean>`${users.verifiedPhone} is not null`,
};

export async function memberPage(
  db: Tx,
  groupId: number,
  filter: {
    status?: MemberStatus | undefined;
    activeOnly: boolean;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<MemberView[]> {
  const rows = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        filter.status === undefined ? undefined : eq(groupMembers.status, filter.status),
        filter.activeOnly ? eq(groupMembers.status, 'active') : undefined,
        filter.cursor === undefined ? undefined : sql`${groupMembers.userId} > ${filter.cursor}`,
      ),
    )
    .orderBy(groupMembers.userId)
    .limit(filter.limit + 1);
  return rows;
}

export async function memberViewOf(db: Tx, groupId: number, userId: number): Promise<MemberView | null> {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

// ---- Feed

/** The group's active members, as an `int[]` expression (the audience of its feed's events). */
export function activeMembersSql(groupId: number): SQL {
  return sql`array(select ${groupMembers.userId} from ${groupMembers}
    where ${groupMembers.groupId} = ${groupId} and ${groupMembers.status} = 'active')`;
}

export type PostRow = typeof groupPosts.$inferSelect;

export async function insertPost(db: Tx, values: typeof groupPosts.$inferInsert): Promise<PostRow> {
  const [row] = await db.insert(groupPosts).values(values).returning();
  if (!row) {
    throw new Error('post not inserted');
  }
  return row;
}

export async function postOfGroup(db: Tx, groupId: number, postId: number): Promise<PostRow | null> {
  const [row] = await db
    .select()
    .from(groupPosts)
    .where(and(eq(groupPosts.id, postId), eq(groupPosts.groupId, groupId)));
  return row ?? null;
}

export async function insertComment(db: Tx, values: typeof groupComments.$inferInsert) {
  const [row] = await db.insert(groupComments).values(values).returning();
  if (!row) {
    throw new Error('comment not inserted');
  }
  return row;
}

/** A page of posts, newest first, with their authors' names. */
export function postPage(db: Tx, groupId: number, page: { cursor?: number | undefined; limit: number }) {
  return db
    .select({ post: groupPosts, username: users.username })
    .from(groupPosts)
    .innerJoin(users, eq(users.id, groupPosts.authorId))
    .where(
      and(
        eq(groupPosts.groupId, groupId),
        page.cursor === undefined ? undefined : lt(groupPosts.id, page.cursor),
      ),
    )
    .orderBy(desc(groupPosts.id))
    .limit(page.limit + 1);
}

/** The comments of the posts, oldest first, with their authors' names (at most 50 a post). */
export async function commentsOf(db: Tx, postIds: readonly number[]) {
  if (postIds.length === 0) {
    return [];
  }
  return db
    .select({ comment: groupComments, username: users.username })
    .from(groupComments)
    .innerJoin(users, eq(users.id, groupComments.authorId))
    .where(
      and(
        inArray(groupComments.postId, [...postIds]),
        sql`${groupComments.id} in (select c.id from group_comments c where c.post_id = ${groupComments.postId}
          order by c.id limit 50)`,
      ),
    )
    .orderBy(groupComments.id);
}

// ---- People

export async function peopleOf(
  db: Tx,
  ids: readonly number[],
): Promise<Map<number, { username: string; language: 'en' | 'fr' }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, username: users.username, language: users.language })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { username: r.username, language: r.language }]));
}

/** The co-operatives whose marketplace parties are among `ownerIds`: their name and active member count. */
export async function cooperativesOfAccounts(
  db: Tx,
  ownerIds: readonly number[],
): Promise<Map<number, { id: number; name: string; members: number }>> {
  const ids = [...new Set(ownerIds)];
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      accountId: groups.accountUserId,
      id: groups.id,
      name: groups.name,
      members: sql<number>`(select count(*) from group_members gm
        where gm.group_id = ${groups.id} and gm.status = 'active')::int`,
    })
    .from(groups)
    .where(inArray(groups.accountUserId, ids));
  return new Map(
    rows.flatMap((r) =>
      r.accountId === null ? [] : [[r.accountId, { id: r.id, name: r.name, members: r.members }]],
    ),
  );
}
