// Settlements as the API answers them: proceeds, prices, totals, and each share with its payout's state.
import type { SharePayoutStatus, TSettlement, TShare } from '../../contract/groups';
import { kgToTons } from '../../contract/quantity';
import type { MoveRow } from '../payments';
import type { SettlementRow, ShareView } from './settlements.repo';

/** A share's payout as members and admins read it: `none` until approval asks for one (a draft's, a share of 0). */
export function payoutOf(move: MoveRow | undefined): TShare['payout'] {
  if (!move) {
    return { status: 'none', reference: null, moveId: null };
  }
  let status: SharePayoutStatus;
  if (move.status === 'succeeded') {
    status = move.method === 'mobile_money' ? 'succeeded' : 'paid_cash';
  } else if (move.status === 'waiting') {
    status = move.failureReason === 'no_proven_number' ? 'cash_due' : 'waiting';
  } else {
    status = move.status === 'pending' ? 'pending' : 'failed';
  }
  const reference =
    move.method === 'mobile_money' ? (move.transactionId ?? move.reference) : move.handReference;
  return { status, reference, moveId: move.id };
}

/** Kilograms (to the gram) as tons, exact to the kilogram shown. */
const tonsOf = (kg: number) => kgToTons(Math.round(kg));

export function presentShare(view: ShareView, moves: ReadonlyMap<number, MoveRow>): TShare {
  const { share } = view;
  return {
    member: { id: share.memberId, username: view.username },
    delivered: share.delivered.map((d) => ({ grade: d.grade, quantity: tonsOf(d.kg) })),
    gross: share.gross,
    levy: share.levy,
    credit: share.credit,
    transport: share.transport,
    net: share.net,
    payout: payoutOf(share.moveId === null ? undefined : moves.get(share.moveId)),
  };
}

export function presentSettlement(
  row: SettlementRow,
  shares: readonly ShareView[],
  moves: ReadonlyMap<number, MoveRow>,
  people: ReadonlyMap<number, { username: string }>,
): TSettlement {
  const sum = (pick: (s: ShareView['share']) => number) => shares.reduce((t, s) => t + pick(s.share), 0);
  return {
    id: row.id,
    status: row.status,
    orders: row.orderIds,
    lots: row.lotIds,
    proceeds: row.proceeds,
    levyPercent: row.levyTenths / 10,
    transportPerTon: row.transportPerTon,
    prices: row.prices,
    totals: {
      gross: sum((s) => s.gross),
      levy: sum((s) => s.levy),
      credit: sum((s) => s.credit),
      transport: sum((s) => s.transport),
      net: sum((s) => s.net),
    },
    shares: shares.map((s) => presentShare(s, moves)),
    approvedBy:
      row.approvedBy === null
        ? null
        : { id: row.approvedBy, username: people.get(row.approvedBy)?.username ?? '' },
    approvedAt: row.approvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
