// Orders: what an accepted bid becomes. Delivery with proof, payments, disputes.
import { z } from 'zod';
import { ZFarmerFilter, ZParty } from './common';
import { MAX_INT4, MAX_PAGE_LIMIT } from './constants';
import { DELIVERY_TERMS_SHAPE, ZDeliveryFee, ZPlace } from './delivery-terms';
import { ZAmount, ZLedgerDate } from './finance';
import { ORDER_STATUSES } from './orders-constants';
import { pageQuery } from './pagination';
import { ZEscrow, ZMobilePayment, ZPayout } from './payments';
import { ZPhotoList } from './photos';
import { kgToTons, parseTonsToKg } from './quantity';
import { zMultiLine, zSingleLine } from './text';

/** Orders still being worked on: counted as active on dashboards. */
export const OPEN_ORDER_STATUSES = ['awaiting_delivery', 'in_transit', 'delivered', 'disputed'] as const;

export const DELIVERY_STATUSES = [
  'assigned',
  'accepted',
  'declined',
  'picked_up',
  'in_transit',
  'delivered',
  'failed',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Where a delivery can go from each status (a driver's next steps; pick-up skips the driver's own). */
export const DELIVERY_NEXT: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  assigned: ['accepted', 'declined'],
  accepted: ['picked_up', 'failed'],
  declined: [],
  picked_up: ['in_transit', 'delivered', 'failed'],
  in_transit: ['delivered', 'failed'],
  delivered: [],
  failed: [],
};

/** A delivery under way: the driver (or the seller, for a pick-up) still has a step to take. */
export const OPEN_DELIVERY_STATUSES = ['assigned', 'accepted', 'picked_up', 'in_transit'] as const;

/** A delivery that no longer moves: the order may get another one (except after `delivered`). */
export const CLOSED_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['declined', 'delivered', 'failed'];

export const PAYMENT_METHODS = ['cash', 'mobile_money', 'bank'] as const;
export const DISPUTE_REASONS = ['quantity', 'quality', 'not_delivered', 'other'] as const;
export const DISPUTE_RESOLUTIONS = ['refund', 'partial_refund', 'rejected'] as const;
/**
 * Where money handed back to a buyer stands: `completed` once given back (a refund recorded by hand is given back
 * when recorded); `pending` and `failed` are a provider's refund on its way or refused.
 */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
/**
 * Why money went back: the order was cancelled, a dispute was settled with a refund, or the goods weighed less than
 * the buyer had already paid for.
 */
export const REFUND_REASONS = ['cancellation', 'dispute', 'weight'] as const;
/** The buyer's answer, at hand-over, to a weighing beyond the tolerance: their code accepts it, or a dispute opens. */
export const WEIGHT_ANSWERS = ['accepted', 'disputed'] as const;

/** What a timeline entry records: an order status, a delivery step, or money. */
export const TIMELINE_STEPS = [
  'awaiting_delivery',
  'delivery_assigned',
  'pickup_arranged',
  'delivery_accepted',
  'delivery_declined',
  'picked_up',
  'in_transit',
  'delivered',
  'delivery_failed',
  'payment',
  'code_renewed',
  'completed',
  'cancelled',
  'disputed',
  // The seller answered the dispute (their note is the entry's).
  'dispute_replied',
  'dispute_resolved',
  'refunded',
  // The bill followed a weighing within the tolerance; a weighing beyond it awaits the buyer; the buyer accepted it.
  'weight_adjusted',
  'weight_to_accept',
  'weight_accepted',
  // Mobile money: the buyer's payment reached escrow; escrow released to the seller's side; a payout left.
  'escrow_paid',
  'escrow_released',
  'payout_sent',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** Wrong handover codes before the delivery is locked until the buyer renews the code. */
export const MAX_CODE_ATTEMPTS = 5;
/** Days after delivery in which the buyer may open a dispute. */
export const DISPUTE_WINDOW_DAYS = 7;

/** Phone and e-mail of a party, shown to the assigned driver while the delivery is open. */
const ZContact = ZParty.extend({ phoneNumber: z.string().nullable(), email: z.string().nullable() });

export const ZDelivery = z.object({
  id: z.number().int(),
  mode: z.enum(['driver', 'pickup']),
  driver: ZParty.nullable(),
  status: z.enum(DELIVERY_STATUSES),
  /** Tons weighed at pick-up or hand-over (at most 3 decimals), when the driver gave it. */
  weighedQuantity: z
    .number()
    .nullable()
    .describe('Tons weighed at pick-up or hand-over (at most 3 decimals).'),
  note: z.string().nullable(),
  /** Wrong codes are refused this many more times before the delivery locks. */
  codeAttemptsLeft: z.number().int(),
  /** Only to the assigned driver (and managers) while open: whom to collect from and deliver to. */
  pickup: ZContact.nullable(),
  dropoff: ZContact.nullable(),
  /** Where the driver collects and where they deliver, when the seller's side said (older deliveries: null). */
  from: ZPlace.nullable(),
  to: ZPlace.nullable(),
  /** When the driver is expected (ISO instants), when said. */
  window: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The driver's fee and who pays it, when one was agreed. */
  fee: ZDeliveryFee.nullable(),
  updatedAt: z.string(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZTimelineEntry = z.object({
  at: z.string(),
  status: z.enum(TIMELINE_STEPS),
  by: ZParty.nullable(),
  note: z.string().nullable(),
  /** Money the step moved (a payment, a refund; a weighing's change of the bill, negative when it fell), when it did. */
  amount: z.number().nullable(),
  /** Tons a weighing step recorded. */
  quantity: z.number().nullable(),
});

export const ZPayment = z.object({
  id: z.number().int(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  paidAt: z.string(),
});

/** Money handed back to the buyer: how much, by which means (the method of the payment it returns), and when. */
export const ZRefund = z.object({
  id: z.number().int(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  /** The provider's reference of a refund made through it (none for money handed back by hand). */
  reference: z.string().nullable(),
  /** When the money was given back (null while a provider's refund is pending). */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const ZDispute = z.object({
  reason: z.enum(DISPUTE_REASONS),
  note: z.string(),
  openedAt: z.string(),
  resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
  refund: z.number().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Tons ordered and weighed, filled in when the goods were weighed. */
  orderedQuantity: z.number().nullable(),
  weighedQuantity: z.number().nullable(),
  /** Both sides' phone and e-mail, to the managers who settle it (whatever the parties' privacy setting). */
  contacts: z.object({ buyer: ZContact, seller: ZContact }).nullable(),
  /**
   * The seller's answer, once given: their note and the addresses of its photos (to the parties and managers only;
   * a driver sees the note without them).
   */
  reply: z.object({ note: z.string(), at: z.string(), photos: z.array(z.string()) }).nullable(),
  /** Whether the caller may answer the dispute now (the seller, once, while it is open). */
  canReply: z.boolean(),
});

/** The goods on the scale against the order: what the bill follows, and a weighing the buyer has still to accept. */
export const ZWeighing = z.object({
  /** Tons ordered. */
  ordered: z.number(),
  /** Tons the bill follows: the ordered quantity until a weighing is billed. */
  billed: z.number(),
  /** Tons of the last weighing, when the goods were weighed. */
  weighed: z.number().nullable(),
  /** The last weighing's difference from the order, in percent (negative when short). */
  deviationPercent: z.number().nullable(),
  /** A weighing beyond the tolerance that the buyer accepts with their code at hand-over (or disputes). */
  toAccept: z.boolean(),
  /** What the bill would become once the weighing to accept is accepted. */
  totalIfAccepted: z.number().nullable(),
});

export const ZOrder = z.object({
  id: z.number().int(),
  tradeId: z.number().int(),
  commodity: z.object({ id: z.number().int(), name: z.string(), grade: z.enum(['A', 'B', 'C']) }),
  /** Tons (at most 3 decimals), as listings and bids. */
  quantity: z.number().describe('Tons sold (at most 3 decimals), as on listings and bids.'),
  /** Per ton. */
  price: z.number(),
  total: z.number(),
  buyer: ZParty,
  seller: ZParty,
  /** The agent who represents the seller for this order, if any. */
  agent: ZParty.nullable(),
  status: z.enum(ORDER_STATUSES),
  delivery: ZDelivery.nullable(),
  payment: z.object({ total: z.number(), paid: z.number(), refunded: z.number(), due: z.number() }),
  payments: z.array(ZPayment),
  /** Money handed back to the buyer (a cancelled paid order, a dispute's refund), oldest first. */
  refunds: z.array(ZRefund),
  /** The 6-digit handover code: on the buyer's own order only, while the goods are still to be handed over. */
  handoverCode: z.string().nullable(),
  dispute: ZDispute.nullable(),
  weighing: ZWeighing,
  /** Mobile money: what the buyer paid into escrow and where it went, and each payment asked (oldest first). */
  escrow: ZEscrow,
  payouts: z.array(ZPayout),
  mobilePayments: z.array(ZMobilePayment),
  timeline: z.array(ZTimelineEntry),
  /** What the caller may do now (mirrors the server's rules; the server checks them again). */
  can: z.object({
    cancel: z.boolean(),
    arrangeDelivery: z.boolean(),
    recordPayment: z.boolean(),
    dispute: z.boolean(),
    resolveDispute: z.boolean(),
    renewCode: z.boolean(),
    handOver: z.boolean(),
    /** Pay what is due by mobile money (the buyer or a manager; none pending; a provider configured here). */
    payByMobile: z.boolean(),
    /** Release the escrow to the seller now, before the hold ends (the buyer, once the order is completed). */
    releaseEscrow: z.boolean(),
  }),
  createdAt: z.string(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderListQuery = pageQuery({
  cursor: z.coerce.number().int().positive().max(MAX_INT4),
  defaultLimit: 20,
  maxLimit: MAX_PAGE_LIMIT,
}).extend({
  as: z.enum(['buyer', 'seller', 'driver', 'agent']).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** With as=driver: `open`, the deliveries still to do (all of them, whatever their age); `done`, the rest. */
  delivery: z.enum(['open', 'done']).optional(),
  farmer: ZFarmerFilter,
});

const note = (max: number, text = zMultiLine) => text().max(max, 'orders.validation.noteTooLong');
const optionalNote = (max: number, text = zMultiLine) =>
  note(max, text)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZCancelInput = z.object({
  reason: zMultiLine({ error: 'orders.validation.reasonRequired' })
    .min(1, 'orders.validation.reasonRequired')
    .max(500, 'orders.validation.noteTooLong'),
});

/**
 * A driver (with, optionally, where from and to, when and for what fee), or `mode: 'pickup'`. Told apart by `mode`
 * (absent or `driver` for a driver) so that a bad field of the driver's terms is reported on that field.
 */
export const ZArrangeDelivery = z.discriminatedUnion(
  'mode',
  [
    z
      .object({
        mode: z.literal('driver').optional(),
        driverId: z
          .number({ error: 'orders.validation.deliveryChoice' })
          .int('orders.validation.deliveryChoice')
          .positive('orders.validation.deliveryChoice')
          .max(MAX_INT4, 'orders.validation.deliveryChoice'),
        ...DELIVERY_TERMS_SHAPE,
      })
      .strict(),
    z.object({ mode: z.literal('pickup') }).strict(),
  ],
  { error: 'orders.validation.deliveryChoice' },
);
export type TArrangeDelivery = z.input<typeof ZArrangeDelivery>;

/**
 * Tons weighed, at most 3 decimals (a kilogram) and at most what the kilogram columns hold; answered as a number of
 * tons, so that a form's output sent again reads the same (the server stores kilograms, see parseTonsToKg).
 */
const ZWeighedTons = z
  .union([z.number(), z.string()], { error: 'orders.validation.weight' })
  .transform((value, refinement) => {
    const kg = parseTonsToKg(value);
    if (kg === null || kg <= 0 || kg > MAX_INT4) {
      refinement.addIssue({ code: 'custom', message: 'orders.validation.weight' });
      return z.NEVER;
    }
    return kgToTons(kg);
  })
  .describe('Tons weighed (at most 3 decimals).');

export const ZDeliveryUpdate = z
  .object({
    status: z.enum(['accepted', 'declined', 'picked_up', 'in_transit', 'delivered', 'failed'], {
      error: 'orders.validation.deliveryStatus',
    }),
    note: optionalNote(500),
    /** Tons, as weighed: a number, or decimal text with `.` or `,` (what a phone keypad types). */
    weighedQuantity: ZWeighedTons.optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'orders.validation.code')
      .optional(),
    /**
     * At hand-over, the buyer's answer to a weighing beyond the tolerance: their code accepts it (the default), or
     * `disputed` hands the goods over and opens a dispute with the weights filled in.
     */
    weight: z.enum(WEIGHT_ANSWERS, { error: 'orders.validation.weightAnswer' }).optional(),
  })
  .refine((v) => v.status !== 'failed' || Boolean(v.note), {
    message: 'orders.validation.reasonRequired',
    path: ['note'],
  })
  .refine((v) => v.status !== 'delivered' || v.code !== undefined, {
    message: 'orders.validation.code',
    path: ['code'],
  });
export type TDeliveryUpdate = z.input<typeof ZDeliveryUpdate>;

export const ZPaymentInput = z.object({
  amount: ZAmount,
  method: z.enum(PAYMENT_METHODS, { error: 'orders.validation.method' }),
  reference: optionalNote(100, zSingleLine),
  paidAt: ZLedgerDate.optional(),
});
export type TPaymentInput = z.input<typeof ZPaymentInput>;

export const ZDisputeInput = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'orders.validation.disputeReason' }),
  note: zMultiLine({ error: 'orders.validation.reasonRequired' })
    .min(1, 'orders.validation.reasonRequired')
    .max(1000, 'orders.validation.noteTooLong'),
});
export type TDisputeInput = z.input<typeof ZDisputeInput>;

/** The longest note of a seller's answer to a dispute, as long as the buyer's own. */
export const DISPUTE_REPLY_MAX = 1000;

/** POST /api/orders/:id/dispute/reply: the seller's side of the story, and up to 4 photos (base64). */
export const ZDisputeReply = z.object({
  note: zMultiLine({ error: 'orders.validation.replyRequired' })
    .min(1, 'orders.validation.replyRequired')
    .max(DISPUTE_REPLY_MAX, 'orders.validation.noteTooLong'),
  photos: ZPhotoList,
});
export type TDisputeReply = z.input<typeof ZDisputeReply>;

export const ZDisputeResolution = z
  .object({
    resolution: z.enum(DISPUTE_RESOLUTIONS, { error: 'orders.validation.resolution' }),
    amount: ZAmount.optional(),
    note: zMultiLine({ error: 'orders.validation.reasonRequired' })
      .min(1, 'orders.validation.reasonRequired')
      .max(1000, 'orders.validation.noteTooLong'),
    /** How the money handed back was paid (default: the way the buyer last paid), and its reference. */
    method: z.enum(PAYMENT_METHODS, { error: 'orders.validation.method' }).optional(),
    reference: optionalNote(100, zSingleLine),
  })
  .refine((v) => v.resolution !== 'partial_refund' || v.amount !== undefined, {
    message: 'orders.validation.refundAmount',
    path: ['amount'],
  });
export type TDisputeResolution = z.input<typeof ZDisputeResolution>;

export const ZOperationsSummary = z.object({
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  staleDeliveries: z.array(
    z.object({
      orderId: z.number().int(),
      deliveryId: z.number().int(),
      status: z.enum(DELIVERY_STATUSES),
      since: z.string(),
    }),
  ),
  openDisputes: z.number().int(),
  traded7d: z.number(),
  traded30d: z.number(),
});
export type TOperationsSummary = z.infer<typeof ZOperationsSummary>;
