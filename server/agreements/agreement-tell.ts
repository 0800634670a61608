// Who hears of a forward agreement's change: its live event to both sides and managers, and a notification to the
// people a step concerns (a co-operative's admins for its account), in the change's transaction.
import { sql } from 'drizzle-orm';
import { kgToTons } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { managersSql, userIdArray } from '../events/audience';
import { coopAdminIds } from '../groups';
import { notify } from '../notifications';
import type { AgreementRow } from './agreements.repo';
import { usernamesOf } from './agreements.repo';

export type Reason =
  | 'proposed'
  | 'countered'
  | 'accepted'
  | 'declined'
  | 'withdrawn'
  | 'active'
  | 'deposit_failed'
  | 'delivered'
  | 'fulfilled'
  | 'partly_fulfilled'
  | 'defaulted_by_seller'
  | 'defaulted_by_buyer'
  | 'disputed';

/** The people on a side: the buyer, or the seller (a co-operative's admins for its account). */
export async function peopleOf(tx: Tx, row: AgreementRow, side: 'buyer' | 'seller'): Promise<number[]> {
  if (side === 'buyer') {
    return [row.buyerId];
  }
  return row.groupId === null ? [row.sellerId] : coopAdminIds(tx, row.groupId);
}

/** The live event of the change, to both sides and managers, read as the change commits. */
export async function announce(ctx: AppContext, tx: Tx, row: AgreementRow): Promise<void> {
  const ids = [row.buyerId, ...(await peopleOf(tx, row, 'seller'))];
  await ctx.bus.publish(
    tx,
    { type: 'agreement', id: row.id },
    { userIdsSql: sql`(${userIdArray(ids)} || ${managersSql})` },
  );
}

/** Tells `to` (a side, or both) of the step, by the other side's name. */
export async function tell(
  ctx: AppContext,
  tx: Tx,
  row: AgreementRow,
  to: 'buyer' | 'seller' | 'both',
  reason: Reason,
  extra: Record<string, string | number> = {},
): Promise<void> {
  const names = await usernamesOf(tx, [row.buyerId, row.sellerId]);
  const sides = to === 'both' ? (['buyer', 'seller'] as const) : ([to] as const);
  for (const side of sides) {
    const other = side === 'buyer' ? row.sellerId : row.buyerId;
    await notify(tx, ctx, await peopleOf(tx, row, side), {
      type: 'forward_agreement',
      data: {
        reason,
        other: names.get(other) ?? '',
        commodity: row.crop,
        tons: kgToTons(row.quantityKg),
        id: row.id,
        ...extra,
      },
      link: `/agreements/${row.id}`,
    });
  }
}
