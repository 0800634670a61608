// Payment constants the web's screens need at first render, without zod
// (contract/payments.ts holds the schemas).

/** How a manager says a payout was made when it did not go by mobile money. */
export const PAYOUT_BY_HAND_METHODS = ['cash', 'bank', 'mobile_money'] as const;
