// What other modules may ask of agents, by name (agent links and commissions stay this module's).
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { forbidden } from '../http/errors';
import { farmerRepresentedNamed, farmersRepresentedBy } from './agents.repo';
import { agentLinks, commissions } from './agents.schema';

/** Whether `agentId` represents `farmerId` now (an accepted link). */
export async function isActiveAgentOf(db: Tx, agentId: number, farmerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agentLinks.id })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.agentId, agentId),
        eq(agentLinks.farmerId, farmerId),
        eq(agentLinks.status, 'active'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the user acts for `personId`: is them, represents them as their agent, or as their co-operative's admin. */
export async function actsFor(
  db: Tx,
  user: { id: number; role: string },
  personId: number,
): Promise<boolean> {
  if (user.id === personId) {
    return true;
  }
  const [row] = await db
    .select({ kind: agentLinks.kind })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.agentId, user.id),
        eq(agentLinks.farmerId, personId),
        eq(agentLinks.status, 'active'),
      ),
    )
    .limit(1);
  return row !== undefined && (row.kind === 'group' || user.role === 'agent');
}

/** Whether `agentId` acting for `farmerId` earns an agent's commission (an agent's link, not a co-operative admin's). */
export async function earnsCommission(db: Tx, agentId: number, farmerId: number): Promise<boolean> {
  const [row] = await db
    .select({ kind: agentLinks.kind })
    .from(agentLinks)
    .where(and(eq(agentLinks.agentId, agentId), eq(agentLinks.farmerId, farmerId)))
    .limit(1);
  return row?.kind !== 'group';
}

/**
 * A list filtered by farmer (`?farmer=`, orders and bids): an agent may name only a farmer they represent now (403,
 * whatever the farmer's data: an ended link ends the sight); to anyone else the filter only narrows what they see.
 */
export async function checkFarmerFilter(
  db: Tx,
  user: { id: number; role: string },
  farmerId: number | undefined,
): Promise<void> {
  if (farmerId !== undefined && user.role === 'agent' && !(await isActiveAgentOf(db, user.id, farmerId))) {
    throw forbidden('marketplace.errors.notRepresented');
  }
}

/** The farmer's agent (the most recently linked, if several), or null. */
export async function activeAgentOf(db: Tx, farmerId: number): Promise<number | null> {
  const [row] = await db
    .select({ agentId: agentLinks.agentId })
    .from(agentLinks)
    .where(
      and(eq(agentLinks.farmerId, farmerId), eq(agentLinks.status, 'active'), eq(agentLinks.kind, 'agent')),
    )
    .orderBy(desc(agentLinks.updatedAt), desc(agentLinks.id))
    .limit(1);
  return row?.agentId ?? null;
}

/** The ids of the farmers `agentId` represents now. */
export async function representedFarmerIds(db: Tx, agentId: number): Promise<number[]> {
  const rows = await db
    .select({ farmerId: agentLinks.farmerId })
    .from(agentLinks)
    .where(
      and(eq(agentLinks.agentId, agentId), eq(agentLinks.status, 'active'), eq(agentLinks.kind, 'agent')),
    );
  return rows.map((r) => r.farmerId);
}

/** The farmers `agentId` represents now, by name (the phone's choice of whom to sell for). */
export const representedFarmers = (db: Tx, agentId: number) => farmersRepresentedBy(db, agentId);

/** The farmer named `username` (as usernames compare) if `agentId` represents them now, else null. */
export const representedFarmerNamed = (db: Tx, agentId: number, username: string) =>
  farmerRepresentedNamed(db, agentId, username);

/** Records the agent's commission on an order (once: a second call for the same order does nothing). */
export async function recordCommission(
  tx: Tx,
  values: { orderId: number; agentId: number; farmerId: number; amountCents: number; entryId: number },
): Promise<boolean> {
  const rows = await tx
    .insert(commissions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: commissions.id });
  return rows.length > 0;
}

/**
 * An `int[]` SQL expression of the agents who represent the farmer now, read in the statement it is put in: an
 * agent hears of bids on the listings they manage for the farmer.
 */
export function activeAgentIdsSql(farmerId: number | SQL): SQL {
  return sql`array(select agent_id from agent_links where farmer_id = (${farmerId})::int and status = 'active')`;
}

/**
 * A boolean SQL expression: whether `agentId` represents `farmerId` now (an active link), read in the statement it
 * is put in. An order's agent acts on it, and hears of it, only while this holds.
 */
export function agentLinkedSql(agentId: SQL | AnyPgColumn, farmerId: SQL | AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists(select 1 from agent_links al where al.agent_id = ${agentId}
    and al.farmer_id = ${farmerId} and al.status = 'active')`;
}
