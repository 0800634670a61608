// A settlement's shares read for its review: the columns' sums (which must be the totals the server states: a franc
// lost to rounding shows at once), what approval will pay and to how many members, and the rows needing an action.
import type { SharePayoutStatus, TSettlement, TShare } from '../../../contract/groups';
import { kgToTons } from '../../../contract/quantity';

export const SHARE_FIGURES = ['gross', 'levy', 'credit', 'transport', 'net'] as const;
export type ShareFigure = (typeof SHARE_FIGURES)[number];
export type ShareSums = Record<ShareFigure, number> & { tons: number };

/** Tons a member delivered into the settled lots, every grade together, to the kilogram. */
export function shareTons(share: Pick<TShare, 'delivered'>): number {
  return kgToTons(share.delivered.reduce((kg, d) => kg + Math.round(d.quantity * 1000), 0));
}

/** Each money column's sum (integer minor units, exact) and the tons, to the kilogram. */
export function sumShares(shares: readonly Pick<TShare, ShareFigure | 'delivered'>[]): ShareSums {
  const sums: ShareSums = { gross: 0, levy: 0, credit: 0, transport: 0, net: 0, tons: 0 };
  let kg = 0;
  for (const share of shares) {
    for (const figure of SHARE_FIGURES) {
      sums[figure] += share[figure];
    }
    kg += Math.round(shareTons(share) * 1000);
  }
  sums.tons = kgToTons(kg);
  return sums;
}

/** The columns whose sum differs from the settlement's stated total (none when the books hold). */
export function mismatchedTotals(settlement: Pick<TSettlement, 'shares' | 'totals'>): ShareFigure[] {
  const sums = sumShares(settlement.shares);
  return SHARE_FIGURES.filter((figure) => sums[figure] !== settlement.totals[figure]);
}

/** What approval pays: the members with something to receive, and the sum of their net shares. */
export function toPay(shares: readonly Pick<TShare, 'net'>[]): { members: number; total: number } {
  const paid = shares.filter((share) => share.net > 0);
  return { members: paid.length, total: paid.reduce((sum, share) => sum + share.net, 0) };
}

/**
 * How approval will pay the members with something to receive: by mobile money where their number is proven, else
 * listed for cash. `proven` answers null for a member whose number the caller cannot tell (counted as unknown).
 */
export function payoutMethods(
  shares: readonly Pick<TShare, 'net' | 'member'>[],
  proven: (memberId: number) => boolean | null,
): { mobile: number; cash: number; unknown: number } {
  const methods = { mobile: 0, cash: 0, unknown: 0 };
  for (const share of shares) {
    if (share.net > 0) {
      const answer = proven(share.member.id);
      methods[answer === null ? 'unknown' : answer ? 'mobile' : 'cash'] += 1;
    }
  }
  return methods;
}

/** The action a share's payout offers an admin, if any: try a failed transfer again, or record cash handed over. */
export function shareAction(status: SharePayoutStatus): 'retry' | 'cash' | null {
  if (status === 'failed') {
    return 'retry';
  }
  return status === 'cash_due' ? 'cash' : null;
}

/** How a payout status reads at a glance: settled, under way, or needing someone. */
export function payoutTone(status: SharePayoutStatus): 'default' | 'secondary' | 'outline' | 'destructive' {
  switch (status) {
    case 'succeeded':
    case 'paid_cash':
      return 'default';
    case 'failed':
      return 'destructive';
    case 'cash_due':
      return 'outline';
    default:
      return 'secondary';
  }
}
