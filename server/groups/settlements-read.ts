// Reading a co-operative's settlements (its admins'): the list, one, and each presented with its shares' payouts as
// they stand now.
import type { TSettlement } from '../../contract/groups';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { movesByIds } from '../payments';
import { coopForReading } from './group-access';
import { peopleOf } from './groups.repo';
import { groupsCache } from './groups-cache';
import { presentSettlement } from './settlement.present';
import { type SettlementRow, settlementOfGroup, settlementsOfGroup, sharesOf } from './settlements.repo';

const notFound = () => new AppError('notFound', 'groups.errors.settlementNotFound');

export async function listSettlements(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<TSettlement[]> {
  await coopForReading(ctx, user, groupId, 'manage');
  const rows = await groupsCache.of(ctx).settlementsOf(groupId, () => settlementsOfGroup(ctx.db, groupId));
  return presentAll(ctx, rows);
}

export async function getSettlement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
): Promise<TSettlement> {
  await coopForReading(ctx, user, groupId, 'manage');
  const row = await settlementOfGroup(ctx.db, groupId, id);
  if (!row) {
    throw notFound();
  }
  return (await presentAll(ctx, [row]))[0] as TSettlement;
}

async function presentAll(ctx: AppContext, rows: readonly SettlementRow[]): Promise<TSettlement[]> {
  if (rows.length === 0) {
    return [];
  }
  const shares = await sharesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const moves = new Map(
    (
      await movesByIds(
        ctx.db,
        shares.flatMap((s) => (s.share.moveId === null ? [] : [s.share.moveId])),
      )
    ).map((m) => [m.id, m]),
  );
  const approvers = await peopleOf(
    ctx.db,
    rows.flatMap((r) => (r.approvedBy === null ? [] : [r.approvedBy])),
  );
  return rows.map((row) =>
    presentSettlement(
      row,
      shares.filter((s) => s.share.settlementId === row.id),
      moves,
      approvers,
    ),
  );
}
