// The co-operative's books and member credit: posting its entries (each once, by its source), the books an admin
// reads (balances, headline figures, entries), and the input credit it advances to members.
import type { z } from 'zod';
import type { TCoopBooks, ZCreditInput } from '../../contract/groups';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, badRequest } from '../http/errors';
import { type CoopEntry, coopBalances, creditGivenEntry } from './coop-posting';
import { coopFor, coopForReading } from './group-access';
import { memberRow } from './groups.repo';
import { type CoopLine, coopLinesOf, creditsOf, insertCredit, postCoopEntry } from './settlements.repo';
import { statementCache } from './statement-cache';

/** Posts an entry of the co-operative's books once per source (`memoKey` names its memo in coop.json's memos). */
export function coopPost(
  tx: Tx,
  groupId: number,
  source: string,
  date: string,
  memoKey: string,
  memoData: Record<string, string | number>,
  entry: CoopEntry,
): Promise<boolean> {
  return postCoopEntry(tx, { groupId, date, memoKey, memoData, source, lines: entry.lines });
}

/** The books (admins): balances, headline figures and the latest 200 entries, newest first. */
export async function coopBooks(ctx: AppContext, user: SessionUser, groupId: number): Promise<TCoopBooks> {
  await coopForReading(ctx, user, groupId, 'manage');
  const rows = await coopLinesOf(ctx.db, groupId);
  const lines: CoopLine[] = rows.map((r) => ({
    account: r.line.account,
    debit: r.line.debit,
    credit: r.line.credit,
  }));
  const totals = coopBalances(lines);
  const entries: TCoopBooks['entries'] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.id !== row.entry.id) {
      if (entries.length === 200) {
        break;
      }
      entry = {
        id: row.entry.id,
        date: row.entry.date,
        memoKey: row.entry.memoKey,
        memoData: row.entry.memoData,
        lines: [],
      };
      entries.push(entry);
    }
    entry.lines.push({ account: row.line.account, debit: row.line.debit, credit: row.line.credit });
  }
  return {
    balances: totals.balances,
    collected: totals.collected,
    levies: totals.levies,
    paidToMembers: totals.paidToMembers,
    owedToMembers: totals.owedToMembers,
    held: totals.held,
    entries,
    balanced: totals.balanced,
  };
}

// ---- Member credit

/** Inputs advanced to an active member (admins), booked as the member's debt to the co-operative. */
export async function giveCredit(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof ZCreditInput>,
) {
  const date = input.date ?? today();
  if (date > today()) {
    throw badRequest('groups.validation.date');
  }
  const credit = await ctx.db.transaction(async (tx) => {
    await coopFor(tx, user, groupId, 'manage');
    const member = await memberRow(tx, groupId, input.memberId);
    if (member?.status !== 'active') {
      throw new AppError('notFound', 'groups.errors.memberNotActive', {}, {}, ['memberId']);
    }
    const row = await insertCredit(tx, {
      groupId,
      memberId: input.memberId,
      amount: input.amount,
      note: input.note,
      date,
      createdBy: user.id,
    });
    await coopPost(
      tx,
      groupId,
      `credit:${row.id}`,
      date,
      'coop.memos.credit',
      { note: input.note },
      creditGivenEntry(row.amount),
    );
    const [view] = await creditsOf(tx, groupId, input.memberId);
    return presentCredit(view ?? { credit: row, username: '' });
  });
  // The member is not told of it: their statement here now, elsewhere within the cache's age.
  statementCache.of(ctx).dropMembers([input.memberId]);
  return credit;
}

/** Admins read every member's credit; a member their own. */
export async function listCredits(ctx: AppContext, user: SessionUser, groupId: number, memberId?: number) {
  const coop = await coopForReading(ctx, user, groupId, 'member');
  const rows = await creditsOf(ctx.db, groupId, coop.role === 'admin' ? memberId : user.id);
  return rows.map(presentCredit);
}

function presentCredit(view: Awaited<ReturnType<typeof creditsOf>>[number]) {
  return {
    id: view.credit.id,
    member: { id: view.credit.memberId, username: view.username },
    amount: view.credit.amount,
    note: view.credit.note,
    date: view.credit.date,
    repaid: view.credit.repaid,
  };
}
