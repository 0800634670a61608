// Forward agreements: a buyer and a farmer (or a co-operative) agree now on a price for goods delivered after the
// harvest, with a deposit (and perhaps inputs advanced) at stake. Not a tradable future: a contract between two
// parties, settled through the marketplace's orders. Quantities in tons (kg inside), money in the currency (cents).
import { z } from 'zod';
import { ZParty } from './common';
import { MAX_INT4 } from './constants';
import { ZCropKey } from './crops';
import { ZIsoDate } from './farms';
import {
  AGREEMENT_DEPOSIT_MAX,
  AGREEMENT_RESOLVE_OUTCOMES,
  AGREEMENT_STATUSES,
  AGREEMENT_TOLERANCE_MAX,
  type AgreementStatus,
} from './forward-agreements-constants';
import { ZGrade, ZPriceCents, ZTonsKg } from './marketplace';
import { MOBILE_MONEY_PROVIDERS } from './payments';
import { zMultiLine, zSingleLine } from './text';

export { AGREEMENT_STATUSES, type AgreementStatus } from './forward-agreements-constants';

/** The states an agreement ends in (its deposit decided). */
export const AGREEMENT_ENDED = [
  'declined',
  'withdrawn',
  'fulfilled',
  'partly_fulfilled',
  'defaulted_by_seller',
  'defaulted_by_buyer',
] as const satisfies readonly AgreementStatus[];

/**
 * Days after the window an active agreement waits before it is settled by what was delivered: time for the last
 * orders to be handed over, and for a party to dispute how it is ending.
 */
export const AGREEMENT_SETTLE_GRACE_DAYS = 7;
/** How far ahead a delivery window may close: a forward agreement is for a coming harvest, not a decade. */
export const AGREEMENT_HORIZON_DAYS = 540;

const percent = (max: number, key: string) => z.number({ error: key }).int(key).min(0, key).max(max, key);

export const ZAgreementPricing = z.discriminatedUnion(
  'kind',
  [
    /** One price per ton for every delivery. */
    z.strictObject({ kind: z.literal('fixed'), price: ZPriceCents }),
    /**
     * The higher of the floor and the day's market price (from real trades), times the share: the farmer gains when
     * the market rises and never falls below the floor.
     */
    z.strictObject({
      kind: z.literal('floor'),
      floor: ZPriceCents,
      sharePercent: z
        .number({ error: 'agreements.validation.share' })
        .int('agreements.validation.share')
        .min(50, 'agreements.validation.share')
        .max(100, 'agreements.validation.share'),
    }),
  ],
  { error: 'agreements.validation.pricing' },
);

export const ZAgreementAdvance = z.strictObject({
  /** Money for inputs, paid to the seller at once and owed back from the deliveries' payments. */
  amount: ZPriceCents,
  note: zSingleLine().min(1).max(200),
});

/** The terms both parties agree on (a counter changes any of them). */
const ZTermsFields = z.strictObject({
  crop: ZCropKey,
  grade: ZGrade,
  quantity: ZTonsKg,
  tolerancePercent: percent(AGREEMENT_TOLERANCE_MAX, 'agreements.validation.tolerance'),
  pricing: ZAgreementPricing,
  deliveryFrom: ZIsoDate,
  deliveryTo: ZIsoDate,
  place: zSingleLine().min(2).max(120),
  depositPercent: percent(AGREEMENT_DEPOSIT_MAX, 'agreements.validation.deposit'),
  inputAdvance: ZAgreementAdvance.optional(),
});

function windowInOrder(v: { deliveryFrom: string; deliveryTo: string }, refinement: z.RefinementCtx) {
  if (v.deliveryTo < v.deliveryFrom) {
    refinement.addIssue({ code: 'custom', path: ['deliveryTo'], message: 'agreements.validation.window' });
  }
}

/** POST /api/forward-agreements, by a buyer: to one seller or to a co-operative (exactly one of them). */
export const ZAgreementInput = ZTermsFields.extend({
  sellerId: z.number().int().positive().max(MAX_INT4).optional(),
  groupId: z.number().int().positive().max(MAX_INT4).optional(),
}).superRefine((v, refinement) => {
  windowInOrder(v, refinement);
  if ((v.sellerId === undefined) === (v.groupId === undefined)) {
    refinement.addIssue({ code: 'custom', path: ['sellerId'], message: 'agreements.validation.oneSeller' });
  }
});
export type TAgreementInput = z.input<typeof ZAgreementInput>;

/** POST /api/forward-agreements/:id/decision: the party whose turn it is answers; a counter is allowed once. */
export const ZAgreementDecision = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('accept') }),
    z.strictObject({ decision: z.literal('decline'), note: zMultiLine().max(500).optional() }),
    z.strictObject({
      decision: z.literal('counter'),
      terms: ZTermsFields.partial().superRefine((v, refinement) => {
        if (v.deliveryFrom !== undefined && v.deliveryTo !== undefined) {
          windowInOrder({ deliveryFrom: v.deliveryFrom, deliveryTo: v.deliveryTo }, refinement);
        }
      }),
      note: zMultiLine().max(500).optional(),
    }),
  ],
  { error: 'agreements.validation.decision' },
);
export type TAgreementDecision = z.input<typeof ZAgreementDecision>;

/** POST /api/forward-agreements/:id/deposit: the buyer pays the deposit and any advance by mobile money. */
export const ZAgreementDepositInput = z.strictObject({
  provider: z.enum(MOBILE_MONEY_PROVIDERS, { error: 'payments.validation.provider' }),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, { error: 'payments.validation.phone' })
    .transform((v) => v.replace(/^\+/, ''))
    .optional(),
});

/** POST /api/forward-agreements/:id/orders: the seller delivers part (or all) of the agreed quantity. */
export const ZAgreementOrderInput = z.strictObject({
  quantity: ZTonsKg,
  /** The lot it is taken from (its crop and grade must be the agreement's). */
  lotId: z.number().int().positive().max(MAX_INT4).optional(),
});

/** PUT /api/forward-agreements/:id/plan: the seller links (or unlinks, null) a crop plan of theirs. */
export const ZAgreementPlanInput = z.strictObject({
  planId: z.number().int().positive().max(MAX_INT4).nullable(),
});

/** POST /api/forward-agreements/:id/dispute by a party; POST …/resolve by a manager. */
export const ZAgreementDisputeInput = z.strictObject({ note: zMultiLine().min(3).max(1000) });
export const ZAgreementResolveInput = z.strictObject({
  /** Who kept their word: the deposit follows the decision as for a default (or pro rata). */
  outcome: z.enum(AGREEMENT_RESOLVE_OUTCOMES),
  note: zMultiLine().min(3).max(1000),
});

export const ZAgreementQuery = z.object({
  status: z.enum(AGREEMENT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZAgreementDelivery = z.object({
  orderId: z.number().int(),
  quantity: z.number(),
  price: z.number(),
  total: z.number(),
  /** The deposit's and the advance's share counted as paid on this order. */
  depositApplied: z.number(),
  advanceRecovered: z.number(),
  status: z.string(),
  createdAt: z.string(),
});

export const ZPlanLink = z.object({
  planId: z.number().int(),
  /** The plan's expected harvest (tons), the agreed quantity's share of it. */
  expected: z.number().nullable(),
  status: z.string(),
  /** `short`: the expected harvest is below the agreed quantity; `abandoned`: the plan was abandoned. */
  flag: z.enum(['short', 'abandoned']).nullable(),
});

export const ZForwardAgreement = z.object({
  id: z.number().int(),
  buyer: ZParty,
  seller: ZParty,
  /** The co-operative selling, when the agreement is with one. */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  crop: ZCropKey,
  grade: ZGrade,
  quantity: z.number(),
  tolerancePercent: z.number().int(),
  pricing: z.union([
    z.object({ kind: z.literal('fixed'), price: z.number() }),
    z.object({ kind: z.literal('floor'), floor: z.number(), sharePercent: z.number().int() }),
  ]),
  deliveryFrom: z.string(),
  deliveryTo: z.string(),
  place: z.string(),
  depositPercent: z.number().int(),
  /** The deposit: its percent of the quantity at the agreed (or floor) price. */
  deposit: z.number(),
  inputAdvance: z.object({ amount: z.number(), note: z.string() }).nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  /** The reader's side: the buyer, the seller (a co-operative's admins for its account), or neither (a manager). */
  you: z.enum(['buyer', 'seller']).nullable(),
  /** Whose answer it waits for (proposed: the seller; countered: the other party), null once decided. */
  turn: z.enum(['buyer', 'seller']).nullable(),
  countered: z.boolean(),
  note: z.string().nullable(),
  delivered: z.number(),
  /** Still to deliver to reach the quantity (0 once within tolerance). */
  remaining: z.number(),
  /** The most that may still be delivered (quantity + tolerance − delivered). */
  maxMore: z.number(),
  /** Today's price per ton by the pricing rule, and the market price it rests on (null: no trades to price by). */
  priceToday: z.number().nullable(),
  marketPrice: z.number().nullable(),
  /** What the operator holds of the deposit now, and the advance not yet recovered. */
  depositHeld: z.number(),
  advanceOutstanding: z.number(),
  deliveries: z.array(ZAgreementDelivery),
  plan: ZPlanLink.nullable(),
  /** The deposit payment being made (for the buyer to follow). */
  depositPayment: z
    .object({
      id: z.number().int(),
      status: z.string(),
      amount: z.number(),
      paymentUrl: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TForwardAgreement = z.infer<typeof ZForwardAgreement>;

export const ZForwardAgreements = z.object({ data: z.array(ZForwardAgreement) });

/** A party's record of keeping forward agreements, on their profile. */
export const ZFulfilmentRecord = z.object({
  ended: z.number().int(),
  fulfilled: z.number().int(),
  partly: z.number().int(),
  defaulted: z.number().int(),
});
export type TFulfilmentRecord = z.infer<typeof ZFulfilmentRecord>;

/** GET /api/financial/futures: the Futures tab, the caller's agreements as seller (a buyer: as buyer). */
export const ZFutures = z.object({
  agreements: z.array(ZForwardAgreement),
  contracted: z.number(),
  delivered: z.number(),
  toDeliver: z.number(),
  depositsHeld: z.number(),
  /** Expected income by month of the delivery windows (what is still to deliver, at today's price by the rule). */
  byMonth: z.array(z.object({ month: z.string(), expected: z.number() })),
});
export type TFutures = z.infer<typeof ZFutures>;
