// Mobile money: a buyer's payment collected into escrow, payouts to the seller and the agent on delivery, refunds
// from escrow, and the operator's view of the money it holds.
import { z } from 'zod';
import { ZParty } from './common';
import { ZLedgerDate } from './finance';
import { PAYOUT_BY_HAND_METHODS } from './payments-constants';
import { zSingleLine } from './text';

export { PAYOUT_BY_HAND_METHODS } from './payments-constants';

export const MOBILE_MONEY_PROVIDERS = ['mtn_momo', 'orange_money'] as const;
export type MobileMoneyProvider = (typeof MOBILE_MONEY_PROVIDERS)[number];

export const MOBILE_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;

/** `member`: a co-operative member's share of its sales (see contract/groups.ts settlements). */
export const PAYOUT_KINDS = ['seller', 'agent', 'refund', 'member'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Why a payment or payout did not go through, as a message key `payments.reasons.<reason>` shown in the reader's
 * language. The providers' reasons (PAYMENTS.md) map onto these; `no_proven_number` and `not_configured` are ours:
 * a payout that waits for a manager.
 */
export const FAILURE_REASONS = [
  'not_enough_funds',
  'rejected',
  'not_approved_in_time',
  'number_not_registered',
  'limit_reached',
  'not_allowed',
  'invalid_currency',
  'provider_unavailable',
  'provider_error',
  'no_proven_number',
  'not_configured',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** A phone number as MTN takes it: digits only, the country code first (a leading + is dropped). */
export const ZWalletPhone = z
  .string()
  .trim()
  .regex(/^\+?\d{8,15}$/, { error: 'payments.validation.phone' })
  .transform((v) => v.replace(/^\+/, ''));

/** POST /api/orders/:id/mobile-payments */
export const ZMobilePaymentInput = z.strictObject({
  provider: z.enum(MOBILE_MONEY_PROVIDERS, { error: 'payments.validation.provider' }),
  /** The number to send the prompt to; default the buyer's proven number. */
  phone: ZWalletPhone.optional(),
});
export type ZMobilePaymentInput = typeof ZMobilePaymentInput;

export const ZMobilePayment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  provider: z.enum(MOBILE_MONEY_PROVIDERS),
  /** Our reference, sent to the provider (MTN: X-Reference-Id; Orange: order_id). */
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(MOBILE_PAYMENT_STATUSES),
  /** Orange's payment page, for the payer to open; null for MTN, whose prompt comes to the phone. */
  paymentUrl: z.string().nullable(),
  /** The number the prompt went to (MTN), masked but for its last digits to anyone but the payer. */
  phone: z.string().nullable(),
  failureReason: z.enum(FAILURE_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMobilePayment = z.infer<typeof ZMobilePayment>;

export const ZPayout = z.object({
  id: z.number().int(),
  to: ZParty,
  kind: z.enum(PAYOUT_KINDS),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  failureReason: z.enum(FAILURE_REASONS).nullable(),
  /** The number it went to, masked but for its last digits; null when it waits for one. */
  phone: z.string().nullable(),
  /** How it went: mobile money, or recorded by a manager as made by other means. */
  method: z.enum(PAYOUT_BY_HAND_METHODS),
  reference: z.string().nullable(),
  updatedAt: z.string(),
});
export type TPayout = z.infer<typeof ZPayout>;

/** An order's money with the operator: collected into escrow, released to the seller's side, refunded to the buyer. */
export const ZEscrow = z.object({
  held: z.number(),
  released: z.number(),
  refunded: z.number(),
  /** When the held money goes to the seller unless a dispute is opened first (null: not delivered yet, or frozen). */
  releaseAt: z.string().nullable(),
  /** A dispute holds it until a manager settles it. */
  frozen: z.boolean(),
});
export type TEscrow = z.infer<typeof ZEscrow>;

/** POST /api/payouts/:id/record: a payout a manager made by other means. */
export const ZPayoutRecordInput = z.strictObject({
  method: z.enum(PAYOUT_BY_HAND_METHODS, { error: 'payments.validation.method' }),
  reference: zSingleLine().min(1, { error: 'payments.validation.reference' }).max(100),
  paidAt: ZLedgerDate.optional(),
});

export const ZEscrowOrderLine = z.object({
  orderId: z.number().int(),
  commodity: z.string(),
  held: z.number(),
  owedToSellers: z.number(),
  owedToBuyers: z.number(),
});

/** GET /api/operations/escrow: the operator's books. held = collected − paid out − refunded, always. */
export const ZOperatorEscrow = z.object({
  held: z.number(),
  owedToSellers: z.number(),
  owedToBuyers: z.number(),
  collected: z.number(),
  paidOut: z.number(),
  refunded: z.number(),
  byOrder: z.array(ZEscrowOrderLine),
});
export type TOperatorEscrow = z.infer<typeof ZOperatorEscrow>;

/** GET /api/operations/payouts: payouts waiting for a manager (no proven number, or failed). */
export const ZWaitingPayout = ZPayout.extend({ orderId: z.number().int().nullable() });
export type TWaitingPayout = z.infer<typeof ZWaitingPayout>;
