// The operator's double-entry books of the money it holds for others: what each event of a move posts, and the
// totals managers read. Every entry balances; held = collected − paid out − refunded by construction.
import type { OperatorAccount } from './payments-constants';

export interface OperatorLine {
  account: OperatorAccount;
  /** The line is not the entry's order's (an agreement's deposit before it is counted on an order). */
  unassigned?: true;
  /** Integer cents, ≥ 0; exactly one of debit and credit is positive. */
  debit: number;
  credit: number;
}

/** What happens to the money the operator holds. */
export type OperatorEvent =
  /** A buyer's collection succeeded: the money is in the collection account, owed to whoever escrow decides. */
  | { kind: 'collected'; amountCents: number }
  /** Escrow released to the seller's side (the seller's or the agent's payout is owed). */
  | { kind: 'released'; amountCents: number }
  /** Escrow decided for the buyer (a refund is owed). */
  | { kind: 'refund_owed'; amountCents: number }
  /** An owed payout left: by mobile money from the disbursement account, or by other means. */
  | { kind: 'paid_out'; to: 'seller' | 'buyer'; byHand: boolean; amountCents: number }
  /** A co-operative's seller payout stays with the operator, held for the co-operative. */
  | { kind: 'pooled'; amountCents: number }
  /** A member's share of what is held for their co-operative is owed to them (paid out as any seller payout). */
  | { kind: 'member_owed'; amountCents: number }
  /** A forward agreement's deposit counted on one of its orders: escrow stays escrow, now the order's. */
  | { kind: 'applied'; amountCents: number };

const line = (account: OperatorAccount, debit: number, credit: number): OperatorLine => ({
  account,
  debit,
  credit,
});

/** The balanced lines of one event. Throws RangeError for an amount that is not a positive safe integer. */
export function operatorEntry(event: OperatorEvent): OperatorLine[] {
  const amount = event.amountCents;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`an operator entry needs a positive whole amount of cents, not ${amount}`);
  }
  switch (event.kind) {
    case 'collected':
      return [line('collection_wallet', amount, 0), line('escrow', 0, amount)];
    case 'released':
      return [line('escrow', amount, 0), line('owed_to_sellers', 0, amount)];
    case 'refund_owed':
      return [line('escrow', amount, 0), line('owed_to_buyers', 0, amount)];
    case 'pooled':
      return [line('owed_to_sellers', amount, 0), line('held_for_groups', 0, amount)];
    case 'member_owed':
      return [line('held_for_groups', amount, 0), line('owed_to_sellers', 0, amount)];
    case 'applied':
      return [{ ...line('escrow', amount, 0), unassigned: true }, line('escrow', 0, amount)];
    case 'paid_out':
      return [
        line(event.to === 'seller' ? 'owed_to_sellers' : 'owed_to_buyers', amount, 0),
        line(event.byHand ? 'paid_by_hand' : 'disbursement_wallet', 0, amount),
      ];
  }
}

export interface OperatorTotals {
  /** Everything still with the operator: undecided escrow plus what it owes each side and holds for co-operatives. */
  held: number;
  /** Undecided escrow alone. */
  escrow: number;
  owedToSellers: number;
  owedToBuyers: number;
  /** Co-operatives' proceeds not yet paid to their members. */
  heldForGroups: number;
  collected: number;
  /** Paid to sellers and agents. */
  paidOut: number;
  /** Paid back to buyers. */
  refunded: number;
}

/**
 * The totals of a set of lines (a whole ledger, or one order's): balances of the liabilities, and what came in and
 * went out. `paidOut` and `refunded` come from the liabilities' debits for payment, so a release does not count.
 */
export function operatorTotals(lines: readonly OperatorLine[]): OperatorTotals {
  const balance = new Map<OperatorAccount, number>();
  for (const l of lines) {
    balance.set(l.account, (balance.get(l.account) ?? 0) + l.debit - l.credit);
  }
  const credit = (account: OperatorAccount) => 0 - (balance.get(account) ?? 0);
  const debitsOf = (account: OperatorAccount) =>
    lines.filter((l) => l.account === account).reduce((sum, l) => sum + l.debit, 0);
  const creditsOf = (account: OperatorAccount) =>
    lines.filter((l) => l.account === account).reduce((sum, l) => sum + l.credit, 0);
  const escrow = credit('escrow');
  const owedToSellers = credit('owed_to_sellers');
  const owedToBuyers = credit('owed_to_buyers');
  const heldForGroups = credit('held_for_groups');
  return {
    held: escrow + owedToSellers + owedToBuyers + heldForGroups,
    escrow,
    owedToSellers,
    owedToBuyers,
    heldForGroups,
    collected: debitsOf('collection_wallet'),
    // What left for sellers' side: the liability's debits, but for those moving it to a co-operative's pool.
    paidOut: debitsOf('owed_to_sellers') - creditsOf('held_for_groups'),
    refunded: debitsOf('owed_to_buyers'),
  };
}
