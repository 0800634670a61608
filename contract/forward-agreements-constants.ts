// Forward-agreement constants the web's screens need at first render, without zod
// (contract/forward-agreements.ts holds the schemas).

export const AGREEMENT_STATUSES = [
  /** Waiting for the seller (or, after a counter, for the buyer). */
  'proposed',
  'countered',
  /** Accepted: waiting for the buyer's deposit (and advance). */
  'accepted',
  /** Deposit paid: deliveries may be made in the window. */
  'active',
  'declined',
  /** The buyer withdrew it before it was active. */
  'withdrawn',
  /** Past the window: delivered within tolerance. */
  'fulfilled',
  /** Past the window: some delivered, the deposit settled pro rata. */
  'partly_fulfilled',
  'defaulted_by_seller',
  'defaulted_by_buyer',
  /** A party disputes how it ended: a manager decides. */
  'disputed',
] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
/** How a manager may decide a disputed agreement: who kept their word. */
export const AGREEMENT_RESOLVE_OUTCOMES = [
  'fulfilled',
  'partly_fulfilled',
  'defaulted_by_seller',
  'defaulted_by_buyer',
] as const;

export const AGREEMENT_TOLERANCE_MAX = 20;
export const AGREEMENT_DEPOSIT_MAX = 50;
