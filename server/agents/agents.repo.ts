// Agent links and commissions: reads and writes of this module's tables.
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { usernameKey } from '../auth';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { agentLinks, commissions } from './agents.schema';

export type AgentLinkRow = typeof agentLinks.$inferSelect;

const agentUser = alias(users, 'agent_user');
const farmerUser = alias(users, 'farmer_user');

const linkView = {
  link: agentLinks,
  agentUsername: agentUser.username,
  farmerUsername: farmerUser.username,
};
export type AgentLinkView = { link: AgentLinkRow; agentUsername: string; farmerUsername: string };

function views(db: Tx) {
  return db
    .select(linkView)
    .from(agentLinks)
    .innerJoin(agentUser, eq(agentUser.id, agentLinks.agentId))
    .innerJoin(farmerUser, eq(farmerUser.id, agentLinks.farmerId));
}

export async function findLinkView(db: Tx, id: number): Promise<AgentLinkView | null> {
  const [row] = await views(db).where(eq(agentLinks.id, id));
  return row ?? null;
}

/** The user's links as agent or as farmer, newest first (declined ones only to the agent who asked). */
export function listLinksOf(db: Tx, userId: number): Promise<AgentLinkView[]> {
  return views(db)
    .where(
      and(
        eq(agentLinks.kind, 'agent'),
        or(
          eq(agentLinks.agentId, userId),
          and(eq(agentLinks.farmerId, userId), sql`${agentLinks.status} <> 'declined'`),
        ),
      ),
    )
    .orderBy(desc(agentLinks.updatedAt), desc(agentLinks.id))
    .limit(200);
}

/**
 * A co-operative admin's link with the co-operative's party (`kind` group): active while `on`, gone otherwise.
 * Made only by the groups module, never asked for through the agents' routes.
 */
/** Starts or ends a co-operative admin's link to its account: the link's id when one started or ended, else null. */
export async function setGroupLinkRow(
  tx: Tx,
  userId: number,
  accountId: number,
  on: boolean,
): Promise<number | null> {
  if (!on) {
    const [ended] = await tx
      .delete(agentLinks)
      .where(
        and(eq(agentLinks.agentId, userId), eq(agentLinks.farmerId, accountId), eq(agentLinks.kind, 'group')),
      )
      .returning({ id: agentLinks.id });
    return ended?.id ?? null;
  }
  const [started] = await tx
    .insert(agentLinks)
    .values({ agentId: userId, farmerId: accountId, status: 'active', kind: 'group' })
    .onConflictDoNothing({ target: [agentLinks.agentId, agentLinks.farmerId] })
    .returning({ id: agentLinks.id });
  return started?.id ?? null;
}

export async function lockLink(tx: Tx, id: number): Promise<AgentLinkRow | null> {
  const [row] = await tx.select().from(agentLinks).where(eq(agentLinks.id, id)).for('update');
  return row ?? null;
}

/** Asks (again, after a decline) to represent a farmer; null when the pair already has a pending or active link. */
export async function upsertPendingLink(
  tx: Tx,
  agentId: number,
  farmerId: number,
): Promise<AgentLinkRow | null> {
  const [row] = await tx
    .insert(agentLinks)
    .values({ agentId, farmerId, status: 'pending' })
    .onConflictDoUpdate({
      target: [agentLinks.agentId, agentLinks.farmerId],
      set: { status: 'pending', updatedAt: new Date() },
      setWhere: sql`${agentLinks.status} = 'declined'`,
    })
    .returning();
  return row ?? null;
}

export async function setLinkStatus(
  tx: Tx,
  id: number,
  status: AgentLinkRow['status'],
): Promise<AgentLinkRow> {
  const [row] = await tx
    .update(agentLinks)
    .set({ status, updatedAt: new Date() })
    .where(eq(agentLinks.id, id))
    .returning();
  if (!row) {
    throw new Error('agent link update returned nothing');
  }
  return row;
}

export async function deleteLink(tx: Tx, id: number): Promise<void> {
  await tx.delete(agentLinks).where(eq(agentLinks.id, id));
}

/** The agent's commissions, newest first, with the farmer's name; and the totals this month and all time. */
export async function commissionsOf(db: Tx, agentId: number, monthStart: Date) {
  const items = await db
    .select({ commission: commissions, farmerUsername: farmerUser.username })
    .from(commissions)
    .innerJoin(farmerUser, eq(farmerUser.id, commissions.farmerId))
    .where(eq(commissions.agentId, agentId))
    .orderBy(desc(commissions.id))
    .limit(200);
  const [totals] = await db
    .select({
      month: sql<string>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.createdAt} >= ${monthStart}), 0)::text`,
      all: sql<string>`coalesce(sum(${commissions.amountCents}), 0)::text`,
    })
    .from(commissions)
    .where(eq(commissions.agentId, agentId));
  return { items, monthCents: Number(totals?.month ?? 0), allCents: Number(totals?.all ?? 0) };
}

/**
 * An agent's commissions recorded in [start, end) — of one farmer when `farmerId` is given — oldest first, with the
 * farmer's name. Whatever the links now: a commission earned stays the agent's.
 */
export function commissionsBetween(
  db: Tx,
  agentId: number,
  period: { start: Date; end: Date; farmerId: number | null },
) {
  return db
    .select({ commission: commissions, farmerUsername: farmerUser.username })
    .from(commissions)
    .innerJoin(farmerUser, eq(farmerUser.id, commissions.farmerId))
    .where(
      and(
        eq(commissions.agentId, agentId),
        gte(commissions.createdAt, period.start),
        lt(commissions.createdAt, period.end),
        period.farmerId === null ? undefined : eq(commissions.farmerId, period.farmerId),
      ),
    )
    .orderBy(commissions.createdAt, commissions.id);
}

/** The farmers `agentId` represents now, by name (the phone's choice of whom to sell for). */
export function farmersRepresentedBy(db: Tx, agentId: number): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(agentLinks)
    .innerJoin(users, eq(users.id, agentLinks.farmerId))
    .where(
      and(eq(agentLinks.agentId, agentId), eq(agentLinks.status, 'active'), eq(agentLinks.kind, 'agent')),
    )
    .orderBy(users.username);
}

/** The farmer named `username` (as usernames compare) if `agentId` represents them now, else null. */
export async function farmerRepresentedNamed(
  db: Tx,
  agentId: number,
  username: string,
): Promise<{ id: number; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(agentLinks)
    .innerJoin(users, eq(users.id, agentLinks.farmerId))
    .where(
      and(
        eq(agentLinks.agentId, agentId),
        eq(agentLinks.status, 'active'),
        eq(agentLinks.kind, 'agent'),
        eq(users.usernameKey, usernameKey(username)),
      ),
    )
    .limit(1);
  return row ?? null;
}
