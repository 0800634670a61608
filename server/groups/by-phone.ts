// What the phone bot (SMS, WhatsApp, USSD) asks of co-operatives: the caller's co-operatives, their own latest
// intakes (COOP), what they are owed (delivered awaiting settlement, their latest shares and their payouts' state)
// and their last payouts (PAID), through the same membership checks and member statement as the web.
import { and, asc, eq } from 'drizzle-orm';
import type { SharePayoutStatus } from '../../contract/groups';
import type { Grade } from '../../contract/marketplace';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { coopFor } from './group-access';
import { groupMembers, groups } from './groups.schema';
import { intakePage } from './intakes.repo';
import { ownStatementNow } from './member-statement';

/** A co-operative the caller is an active member of (any role). */
export interface PhoneCoop {
  id: number;
  name: string;
}

/** One intake as a phone shows it; a reversing entry has negative kilograms. */
export interface PhoneIntake {
  reference: string;
  kg: number;
  crop: string;
  grade: Grade;
  /** The day the bags came in (YYYY-MM-DD). */
  date: string;
  /** A reversing entry (its kilograms negative), or an intake that was reversed since. */
  reversal: boolean;
  reversed: boolean;
}

/** A share of an approved settlement as a phone shows it: money in minor units. */
export interface PhoneShare {
  /** The settlement's approval day (YYYY-MM-DD). */
  date: string;
  net: number;
  status: SharePayoutStatus;
}

/** What the co-operative owes the member, and what they owe it. */
export interface PhoneOwed {
  /** Delivered, not yet counted in an approved settlement. */
  awaitingKg: number;
  /** Net of the approved shares not paid yet (sending, failed, waiting, cash to collect). */
  dueNet: number;
  /** Input credit the member still owes (taken from their next shares). */
  creditOwed: number;
  /** Their shares, newest first. */
  shares: PhoneShare[];
}

/** A share's payout still to reach the member. */
const UNPAID: ReadonlySet<SharePayoutStatus> = new Set(['pending', 'failed', 'waiting', 'cash_due']);

/** The co-operatives the caller is an active member of, oldest first (a USSD menu offers Co-op only then). */
export function phoneCoops(db: Tx, userId: number): Promise<PhoneCoop[]> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(eq(groupMembers.userId, userId), eq(groupMembers.status, 'active'), eq(groups.kind, 'cooperative')),
    )
    .orderBy(asc(groups.id));
}

/** The caller's own intakes in the co-operative, newest first, at most `limit` (and whether there are more). */
export async function phoneIntakes(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  limit: number,
): Promise<{ intakes: PhoneIntake[]; more: boolean }> {
  await coopFor(ctx.db, user, groupId, 'member');
  // Their own, whatever their role: an admin asking by phone asks about what they delivered.
  const rows = await intakePage(ctx.db, groupId, { memberId: user.id, limit });
  return {
    intakes: rows.slice(0, limit).map(({ intake, reversedBy }) => ({
      reference: intake.reference,
      kg: intake.quantityKg,
      crop: intake.crop,
      grade: intake.grade,
      date: intake.date,
      reversal: intake.reversalOf !== null,
      reversed: reversedBy !== null,
    })),
    more: rows.length > limit,
  };
}

/** What the caller is owed by the co-operative, from their member statement. */
export async function phoneOwed(ctx: AppContext, user: SessionUser, groupId: number): Promise<PhoneOwed> {
  const statement = await ownStatementNow(ctx, user, groupId);
  const shares = statement.shares.map((s) => ({ date: s.date, net: s.net, status: s.payout.status }));
  return {
    awaitingKg: Math.round(statement.awaitingSettlement * 1000),
    dueNet: shares.filter((s) => UNPAID.has(s.status)).reduce((sum, s) => sum + s.net, 0),
    creditOwed: statement.credit.owed,
    shares,
  };
}

/** The caller's payouts from the co-operative (shares with something to pay), newest first, at most `limit`. */
export async function phonePayouts(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  limit: number,
): Promise<PhoneShare[]> {
  const { shares } = await phoneOwed(ctx, user, groupId);
  return shares.filter((s) => s.status !== 'none').slice(0, limit);
}
