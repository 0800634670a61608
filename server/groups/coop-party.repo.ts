// A co-operative as a party to a forward agreement: its marketplace account sells, its admins act for it.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { groupMembers, groups } from './groups.schema';

export interface CoopParty {
  groupId: number;
  name: string;
  accountId: number;
}

/** The co-operative `groupId` with its marketplace account, or null (no such co-operative). */
export async function coopParty(db: Tx, groupId: number): Promise<CoopParty | null> {
  const [row] = await db
    .select({ groupId: groups.id, name: groups.name, accountId: groups.accountUserId, kind: groups.kind })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row?.kind === 'cooperative' && row.accountId !== null
    ? { groupId: row.groupId, name: row.name, accountId: row.accountId }
    : null;
}

/** The co-operatives these ids name, by id (for an agreement list's names). */
export async function coopNames(db: Tx, groupIds: readonly number[]): Promise<Map<number, string>> {
  if (groupIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The marketplace accounts of the co-operatives `userId` is an active admin of. */
export async function coopAccountsAdministeredBy(db: Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: groups.accountUserId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.role, 'admin'),
        eq(groupMembers.status, 'active'),
        eq(groups.kind, 'cooperative'),
      ),
    );
  return rows.flatMap((r) => (r.accountId === null ? [] : [r.accountId]));
}

/** The active admins of a co-operative: who acts (and is told) for its account. */
export async function coopAdminIds(db: Tx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.role, 'admin'),
        eq(groupMembers.status, 'active'),
      ),
    );
  return rows.map((r) => r.userId);
}
