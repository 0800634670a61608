// What a co-operative member delivered, owes and was paid (their own statement, or any member's for an admin), and
// the admin's downloads: every member's contributions by lot and season, and a settlement's shares (CSV).
import { type TMemberStatement, ZMemberStatement } from '../../contract/groups';
import { kgToTons } from '../../contract/quantity';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { jsonText } from '../http/json-body';
import { movesByIds } from '../payments';
import { coopFor, coopForReading } from './group-access';
import { contributionRows, deliveriesOf } from './intakes.repo';
import { payoutOf } from './settlement.present';
import { creditsOf, memberShares, settlementOfGroup, sharesOf } from './settlements.repo';
import { type StatementEntry, statementCache } from './statement-cache';

/** The caller's statement (or, for an admin, any member's), and its answer as sent. */
export async function memberStatement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  memberId?: number,
): Promise<StatementEntry> {
  const reader = await coopForReading(ctx, user, groupId, 'member');
  const who = reader.role === 'admin' && memberId !== undefined ? memberId : user.id;
  return statementCache.of(ctx).statement(groupId, who, async () => {
    const statement = await loadStatement(ctx, groupId, who);
    return { statement, body: Buffer.from(jsonText(ZMemberStatement, statement)) };
  });
}

/** The caller's own statement read afresh, for a phone's SMS (a few a season each: nothing to keep). */
export async function ownStatementNow(ctx: AppContext, user: SessionUser, groupId: number) {
  await coopFor(ctx.db, user, groupId, 'member');
  return loadStatement(ctx, groupId, user.id);
}

/** What the member delivered, owes and was paid, read afresh. */
async function loadStatement(ctx: AppContext, groupId: number, who: number): Promise<TMemberStatement> {
  const person = await findUserById(ctx.db, who);
  if (!person) {
    throw new AppError('notFound', 'groups.errors.memberNotActive');
  }
  const delivered = await deliveriesOf(ctx.db, groupId, who);
  const credits = await creditsOf(ctx.db, groupId, who);
  const shares = await memberShares(ctx.db, groupId, who);
  const moves = new Map(
    (
      await movesByIds(
        ctx.db,
        shares.flatMap((s) => (s.share.moveId === null ? [] : [s.share.moveId])),
      )
    ).map((m) => [m.id, m]),
  );
  const given = credits.reduce((sum, c) => sum + c.credit.amount, 0);
  const repaid = credits.reduce((sum, c) => sum + c.credit.repaid, 0);
  const deliveredKg = delivered.reduce((sum, d) => sum + d.kg, 0);
  const countedKg = shares.reduce((sum, s) => sum + s.share.delivered.reduce((t, d) => t + d.kg, 0), 0);
  return {
    member: { id: person.id, username: person.username },
    delivered: delivered.map((d) => ({ crop: d.crop, grade: d.grade, quantity: kgToTons(d.kg) })),
    credit: { given, repaid, owed: given - repaid },
    shares: shares.map((s) => ({
      settlementId: s.settlement.id,
      date: (s.settlement.approvedAt ?? s.settlement.createdAt).toISOString().slice(0, 10),
      gross: s.share.gross,
      levy: s.share.levy,
      credit: s.share.credit,
      transport: s.share.transport,
      net: s.share.net,
      payout: payoutOf(s.share.moveId === null ? undefined : moves.get(s.share.moveId)),
    })),
    awaitingSettlement: kgToTons(Math.max(0, Math.round(deliveredKg - countedKg))),
  };
}

// ---- Downloads

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading formula sign neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') {
    text = `'${text}`;
  }
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csv = (rows: readonly (readonly (string | number)[])[]) =>
  `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Every member's net deliveries by season (year of the intake), lot, crop and grade (admins). */
export async function contributionsCsv(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  season?: number,
): Promise<string> {
  await coopForReading(ctx, user, groupId, 'manage');
  const list = await contributionRows(ctx.db, groupId, season);
  return csv([
    ['member', 'season', 'lot', 'crop', 'grade', 'kg', 'intakes'],
    ...list.map((r) => [r.member, r.season, r.lot, r.crop, r.grade, r.kg, r.intakes]),
  ]);
}

/** A settlement's shares, one line a member (admins); money in the currency's units. */
export async function sharesCsv(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
): Promise<string> {
  await coopForReading(ctx, user, groupId, 'manage');
  const settlement = await settlementOfGroup(ctx.db, groupId, id);
  if (!settlement) {
    throw new AppError('notFound', 'groups.errors.settlementNotFound');
  }
  const shares = await sharesOf(ctx.db, [id]);
  const moves = new Map(
    (
      await movesByIds(
        ctx.db,
        shares.flatMap((s) => (s.share.moveId === null ? [] : [s.share.moveId])),
      )
    ).map((m) => [m.id, m]),
  );
  const money = (cents: number) => (cents / 100).toFixed(2);
  return csv([
    ['member', 'kg', 'gross', 'levy', 'credit', 'transport', 'net', 'payout', 'reference'],
    ...shares.map((s) => {
      const payout = payoutOf(s.share.moveId === null ? undefined : moves.get(s.share.moveId));
      return [
        s.username,
        Math.round(s.share.delivered.reduce((t, d) => t + d.kg, 0)),
        money(s.share.gross),
        money(s.share.levy),
        money(s.share.credit),
        money(s.share.transport),
        money(s.share.net),
        payout.status,
        payout.reference ?? '',
      ];
    }),
  ]);
}
