// The payments queue's and the operator's books' names, shared by the schema, the worker and the books.

/**
 * A collection into escrow, or a payout from it to the seller, the agent or back to the buyer; `member`: a
 * co-operative member's share, paid from what the operator holds for the co-operative (no order of its own);
 * `applied`: part of a forward agreement's deposit counted as paid on one of its orders (no provider: the money
 * stays in escrow, now the order's).
 */
export const MOVE_KINDS = ['collection', 'seller', 'agent', 'refund', 'member', 'applied'] as const;

/**
 * Where a move stands: `waiting` is a payout a manager must act on (no proven number, no disbursement account);
 * the API shows it as pending with its reason.
 */
export const MOVE_STATUSES = ['pending', 'waiting', 'succeeded', 'failed', 'expired'] as const;

/** `start`: the provider has not (knowingly) taken it yet; `check`: it has, ask its status; `done`: final. */
export const MOVE_STAGES = ['start', 'check', 'done'] as const;

/**
 * The operator's accounts. Assets: the money in the MTN/Orange collection accounts, what left the disbursement
 * account, and payouts made by other means. Liabilities: escrow not yet decided, owed to sellers (and agents), owed
 * back to buyers, held for a co-operative (its sales' proceeds, until its members are paid their shares).
 */
export const OPERATOR_ACCOUNTS = [
  'collection_wallet',
  'disbursement_wallet',
  'paid_by_hand',
  'escrow',
  'owed_to_sellers',
  'owed_to_buyers',
  'held_for_groups',
] as const;
export type OperatorAccount = (typeof OPERATOR_ACCOUNTS)[number];
