// Settlements and shares, member credit and the co-operative's books: reads and writes of this module's tables.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CoopAccount } from '../../contract/groups';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import {
  coopEntries,
  coopLines,
  memberCredits,
  settledOrders,
  settlementShares,
  settlements,
} from './groups.schema';

export type SettlementRow = typeof settlements.$inferSelect;
export type ShareRow = typeof settlementShares.$inferSelect;
export type CreditRow = typeof memberCredits.$inferSelect;

export async function insertSettlement(
  db: Tx,
  values: typeof settlements.$inferInsert,
): Promise<SettlementRow> {
  const [row] = await db.insert(settlements).values(values).returning();
  if (!row) {
    throw new Error('settlement not inserted');
  }
  return row;
}

export async function replaceShares(
  db: Tx,
  settlementId: number,
  shares: readonly Omit<typeof settlementShares.$inferInsert, 'settlementId'>[],
): Promise<void> {
  await db.delete(settlementShares).where(eq(settlementShares.settlementId, settlementId));
  if (shares.length > 0) {
    await db.insert(settlementShares).values(shares.map((s) => ({ ...s, settlementId })));
  }
}

export async function settlementOfGroup(
  db: Tx,
  groupId: number,
  id: number,
  lock = false,
): Promise<SettlementRow | null> {
  const query = db
    .select()
    .from(settlements)
    .where(and(eq(settlements.groupId, groupId), eq(settlements.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function settlementsOfGroup(db: Tx, groupId: number): Promise<SettlementRow[]> {
  return db
    .select()
    .from(settlements)
    .where(eq(settlements.groupId, groupId))
    .orderBy(desc(settlements.id))
    .limit(200);
}

export async function updateSettlement(db: Tx, id: number, values: Partial<typeof settlements.$inferInsert>) {
  await db.update(settlements).set(values).where(eq(settlements.id, id));
}

/** Marks the orders shared out by the settlement; false when one already was (by another settlement). */
export async function claimOrders(
  db: Tx,
  settlementId: number,
  orderIds: readonly number[],
): Promise<boolean> {
  const rows = await db
    .insert(settledOrders)
    .values(orderIds.map((orderId) => ({ orderId, settlementId })))
    .onConflictDoNothing()
    .returning({ orderId: settledOrders.orderId });
  return rows.length === orderIds.length;
}

export interface ShareView {
  share: ShareRow;
  username: string;
}

export function sharesOf(db: Tx, settlementIds: readonly number[]): Promise<ShareView[]> {
  if (settlementIds.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .select({ share: settlementShares, username: users.username })
    .from(settlementShares)
    .innerJoin(users, eq(users.id, settlementShares.memberId))
    .where(inArray(settlementShares.settlementId, [...settlementIds]))
    .orderBy(asc(settlementShares.settlementId), asc(users.username));
}

export async function shareOf(db: Tx, settlementId: number, memberId: number): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(settlementShares)
    .where(and(eq(settlementShares.settlementId, settlementId), eq(settlementShares.memberId, memberId)));
  return row ?? null;
}

/** Each share's payout move, in one statement. */
export async function setShareMoves(
  db: Tx,
  settlementId: number,
  moves: readonly { memberId: number; moveId: number }[],
): Promise<void> {
  if (moves.length === 0) {
    return;
  }
  const members = `{${moves.map((m) => m.memberId).join(',')}}`;
  const ids = `{${moves.map((m) => m.moveId).join(',')}}`;
  await db.execute(sql`
    update settlement_shares s set move_id = v.move_id
    from unnest(${members}::int[], ${ids}::int[]) as v(member_id, move_id)
    where s.settlement_id = ${settlementId} and s.member_id = v.member_id`);
}

/** The share a member payout pays, and its settlement's co-operative. */
export async function shareOfMove(db: Tx, moveId: number) {
  const [row] = await db
    .select({ share: settlementShares, groupId: settlements.groupId })
    .from(settlementShares)
    .innerJoin(settlements, eq(settlements.id, settlementShares.settlementId))
    .where(eq(settlementShares.moveId, moveId));
  return row ?? null;
}

/** A member's shares of approved settlements, newest first. */
export function memberShares(db: Tx, groupId: number, memberId: number) {
  return db
    .select({ share: settlementShares, settlement: settlements })
    .from(settlementShares)
    .innerJoin(settlements, eq(settlements.id, settlementShares.settlementId))
    .where(
      and(
        eq(settlements.groupId, groupId),
        eq(settlements.status, 'approved'),
        eq(settlementShares.memberId, memberId),
      ),
    )
    .orderBy(desc(settlements.id));
}

// ---- Member credit

export async function insertCredit(db: Tx, values: typeof memberCredits.$inferInsert): Promise<CreditRow> {
  const [row] = await db.insert(memberCredits).values(values).returning();
  if (!row) {
    throw new Error('credit not inserted');
  }
  return row;
}

export function creditsOf(db: Tx, groupId: number, memberId?: number) {
  return db
    .select({ credit: memberCredits, username: users.username })
    .from(memberCredits)
    .innerJoin(users, eq(users.id, memberCredits.memberId))
    .where(
      and(
        eq(memberCredits.groupId, groupId),
        memberId === undefined ? undefined : eq(memberCredits.memberId, memberId),
      ),
    )
    .orderBy(desc(memberCredits.id))
    .limit(500);
}

/** What each member still owes the co-operative for inputs advanced. */
export async function creditOwed(db: Tx, groupId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      memberId: memberCredits.memberId,
      owed: sql<string>`sum(${memberCredits.amount} - ${memberCredits.repaid})`,
    })
    .from(memberCredits)
    .where(eq(memberCredits.groupId, groupId))
    .groupBy(memberCredits.memberId);
  return new Map(
    rows.map((r) => [r.memberId, Number(r.owed)]).filter(([, owed]) => Number(owed) > 0) as [
      number,
      number,
    ][],
  );
}

/**
 * Applies each member's repayment to their open credits, oldest first: the open credits of them all locked and read
 * in one statement, the new repaid amounts written in another.
 */
export async function repayCredits(
  db: Tx,
  groupId: number,
  repayments: readonly { memberId: number; amount: number }[],
): Promise<void> {
  if (repayments.length === 0) {
    return;
  }
  const open = await db
    .select()
    .from(memberCredits)
    .where(
      and(
        eq(memberCredits.groupId, groupId),
        inArray(
          memberCredits.memberId,
          repayments.map((r) => r.memberId),
        ),
        gt(memberCredits.amount, memberCredits.repaid),
      ),
    )
    .orderBy(asc(memberCredits.id))
    .for('update');
  const left = new Map(repayments.map((r) => [r.memberId, r.amount]));
  const changed: { id: number; repaid: number }[] = [];
  for (const credit of open) {
    const want = left.get(credit.memberId) ?? 0;
    if (want > 0) {
      const take = Math.min(want, credit.amount - credit.repaid);
      changed.push({ id: credit.id, repaid: credit.repaid + take });
      left.set(credit.memberId, want - take);
    }
  }
  for (const [memberId, rest] of left) {
    if (rest > 0) {
      throw new Error(`repayment beyond what member ${memberId} owes`);
    }
  }
  if (changed.length > 0) {
    await db.execute(sql`
      update member_credits c set repaid = v.repaid
      from unnest(${`{${changed.map((c) => c.id).join(',')}}`}::int[],
        ${`{${changed.map((c) => c.repaid).join(',')}}`}::bigint[]) as v(id, repaid)
      where c.id = v.id`);
  }
}

// ---- Books

export interface CoopLine {
  account: CoopAccount;
  debit: number;
  credit: number;
}

/** Posts a balanced entry once per source (a second post of the same source changes nothing: false). */
export async function postCoopEntry(
  db: Tx,
  entry: {
    groupId: number;
    date: string;
    memoKey: string;
    memoData: Record<string, string | number>;
    source: string;
    lines: readonly CoopLine[];
  },
): Promise<boolean> {
  const debit = entry.lines.reduce((sum, l) => sum + l.debit, 0);
  const credit = entry.lines.reduce((sum, l) => sum + l.credit, 0);
  if (debit !== credit || entry.lines.length === 0) {
    throw new Error(`unbalanced co-operative entry ${entry.source}: ${debit} ≠ ${credit}`);
  }
  const [row] = await db
    .insert(coopEntries)
    .values({
      groupId: entry.groupId,
      date: entry.date,
      memoKey: entry.memoKey,
      memoData: entry.memoData,
      source: entry.source,
    })
    .onConflictDoNothing()
    .returning({ id: coopEntries.id });
  if (!row) {
    return false;
  }
  await db.insert(coopLines).values(entry.lines.map((l) => ({ ...l, entryId: row.id })));
  return true;
}

export function coopLinesOf(db: Tx, groupId: number) {
  return db
    .select({ entry: coopEntries, line: coopLines })
    .from(coopLines)
    .innerJoin(coopEntries, eq(coopEntries.id, coopLines.entryId))
    .where(eq(coopEntries.groupId, groupId))
    .orderBy(desc(coopEntries.id), asc(coopLines.id));
}
