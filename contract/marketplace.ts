// Marketplace requests and responses: listings, bids, trades, commodity requests and market data.
import { z } from 'zod';
import { ZFarmerFilter } from './common';
import { MAX_INT4, MAX_PAGE_LIMIT, STORE_KINDS } from './constants';
import { GRADES, PRICE_WINDOW_DAYS } from './marketplace-constants';
import { CURRENCY_DECIMALS, hasTooManyDecimals, parseMoneyToCents } from './money';
import { pageQuery } from './pagination';
import { ZPhotoRef, ZPhotoUploads } from './photos';
import { parseTonsToKg, totalRoundsToZero, unitCountToKg } from './quantity';
import { ZRatingSummary } from './ratings';
import { zMultiLine, zSingleLine } from './text';

export { GRADES, type Grade, PRICE_WINDOW_DAYS } from './marketplace-constants';

export const COMMODITY_STATUSES = ['available', 'reserved', 'sold', 'withdrawn'] as const;
export const BID_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const DELIVERY_TIMELINES = ['immediate', 'within_week', 'within_month', 'flexible'] as const;
export type DeliveryTimeline = (typeof DELIVERY_TIMELINES)[number];

/** Pending bids lapse after this long. */
export const BID_TTL_DAYS = 7;
export const NAME_MIN = 2;
export const NAME_MAX = 60;
export const DEFAULT_PAGE_LIMIT = 50;
export { MAX_PAGE_LIMIT };

type Parse = (input: string | number) => number | null;

/**
 * A decimal sent as a number or typed as text ('1,5' or '1.5'), read exactly into integer units (kg or cents).
 * `positive` rejects 0; `requiredKey` is the message for a missing or empty value.
 */
function exactDecimal(
  parse: Parse,
  invalidKey: string,
  options: { positive: boolean; requiredKey?: string; maxUnits?: number; tooLargeKey?: string },
) {
  const requiredKey = options.requiredKey ?? 'validation.required';
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? requiredKey : invalidKey),
    })
    .transform((value, refinement) => {
      if (typeof value === 'string' && value.trim() === '') {
        refinement.addIssue({ code: 'custom', message: requiredKey });
        return z.NEVER;
      }
      if (parse === parseMoneyToCents && hasTooManyDecimals(value)) {
        refinement.addIssue({ code: 'custom', message: CURRENCY_DECIMALS });
        return z.NEVER;
      }
      const units = parse(value);
      if (units === null || (options.positive && units <= 0)) {
        refinement.addIssue({ code: 'custom', message: invalidKey });
        return z.NEVER;
      }
      if (options.maxUnits !== undefined && units > options.maxUnits) {
        refinement.addIssue({ code: 'custom', message: options.tooLargeKey ?? invalidKey });
        return z.NEVER;
      }
      return units;
    });
}

/** The message of a price × quantity that comes to 0 once rounded to the currency's smallest unit. */
export const TOTAL_ZERO = 'marketplace.validation.totalZero';

/**
 * Refuses a price × quantity that rounds to 0, naming `path`: such a total can never be booked. Checked once both
 * values parsed (an absent quantity is checked where the listing's is known).
 */
export function refuseZeroTotal(
  refinement: z.RefinementCtx,
  path: string,
  priceCents: number | undefined,
  kg: number | undefined,
): void {
  if (priceCents !== undefined && kg !== undefined && totalRoundsToZero(priceCents, kg)) {
    refinement.addIssue({ code: 'custom', path: [path], message: TOTAL_ZERO });
  }
}

/** Tons → integer kg, > 0, at most what the kilogram columns hold (2,147,483.647 t). */
export const ZTonsKg = exactDecimal(parseTonsToKg, 'marketplace.validation.quantityPositive', {
  positive: true,
  requiredKey: 'marketplace.validation.quantityRequired',
  maxUnits: MAX_INT4,
  tooLargeKey: 'marketplace.validation.quantityTooLarge',
});
/** Tons → integer kg where 0 is a true answer (a count of an empty store), bound as ZTonsKg. */
export const ZTonsKgOrZero = exactDecimal(parseTonsToKg, 'marketplace.validation.quantityPositive', {
  positive: false,
  requiredKey: 'marketplace.validation.quantityRequired',
  maxUnits: MAX_INT4,
  tooLargeKey: 'marketplace.validation.quantityTooLarge',
});
/** A count of a local unit of `unitKg` kilograms (12 bags) → integer kg, bound as ZTonsKg (forms only: the API takes tons). */
export const zUnitCountKg = (unitKg: number) =>
  exactDecimal((count) => unitCountToKg(count, unitKg), 'marketplace.validation.quantityPositive', {
    positive: true,
    requiredKey: 'marketplace.validation.quantityRequired',
    maxUnits: MAX_INT4,
    tooLargeKey: 'marketplace.validation.quantityTooLarge',
  });
/** Price per ton → integer cents, > 0, at most what the cent columns hold (21,474,836.47). */
export const ZPriceCents = exactDecimal(parseMoneyToCents, 'marketplace.validation.pricePositive', {
  positive: true,
  requiredKey: 'marketplace.validation.priceRequired',
  maxUnits: MAX_INT4,
  tooLargeKey: 'marketplace.validation.priceTooLarge',
});

export const ZGrade = z.enum(GRADES, { error: 'marketplace.validation.grade' });

export const ZCommodityName = zSingleLine()
  .min(NAME_MIN, 'marketplace.validation.nameMin')
  .max(NAME_MAX, 'marketplace.validation.nameMax');

/** The fields of POST /api/commodities (forms pick from them: a refined object cannot be picked). */
export const ZCommodityFields = z.object({
  name: ZCommodityName,
  quantity: ZTonsKg,
  price: ZPriceCents,
  grade: ZGrade,
  status: z.literal('available').optional(),
  farmId: z.number().int().positive().max(MAX_INT4).optional(),
  /** The buyer's request this listing answers. */
  requestId: z.number().int().positive().max(MAX_INT4).optional(),
  /** An agent lists for a farmer they represent: the listing is the farmer's. */
  onBehalfOf: z.number().int().positive().max(MAX_INT4).optional(),
  /** The stock lot it sells from: its quantity is reserved from the lot's free quantity, its grade is the lot's. */
  lotId: z.number().int().positive().max(MAX_INT4).optional(),
  /** Up to 4 photos of the goods, each with the thumbnail the phone made (POST /api/commodities/:id/photos adds more). */
  photos: ZPhotoUploads,
});

/** POST /api/commodities. Output: quantity in kg, price in cents; a total of 0 is refused. */
export const ZCommodityInput = ZCommodityFields.superRefine((v, refinement) =>
  refuseZeroTotal(refinement, 'price', v.price, v.quantity),
);
export type TCommodityInput = z.input<typeof ZCommodityInput>;

/** PATCH /api/commodities/:id (owner). */
export const ZCommodityUpdate = z
  .object({
    price: ZPriceCents.optional(),
    quantity: ZTonsKg.optional(),
    grade: ZGrade.optional(),
    status: z.literal('withdrawn').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'marketplace.validation.nothingToChange')
  // One of the two alone is checked against the listing's other value by the server.
  .superRefine((v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity));

export const ZCommodity = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Tons still available. */
  quantity: z.number(),
  /** Tons first listed. */
  listedQuantity: z.number(),
  /** Per ton. */
  price: z.number(),
  grade: z.enum(GRADES),
  status: z.enum(COMMODITY_STATUSES),
  userId: z.number().int(),
  sellerUsername: z.string(),
  farmId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The agent who listed it for its owner, when not the owner. */
  listedBy: z.string().optional(),
  /** The seller's rating aggregate (on the list and one listing; a write's answer leaves it out). */
  sellerRating: ZRatingSummary.optional(),
  /** The stock lot it sells from, as buyers see it; null: "stock not recorded". Left out of write answers. */
  stock: z
    .object({
      lotId: z.number().int(),
      moisture: z.number().nullable(),
      store: z.string(),
      storeKind: z.enum(STORE_KINDS),
      location: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** Its photos, oldest first, each with its thumbnail (on the list and one listing; a write's answer may leave it out). */
  photos: z.array(ZPhotoRef).optional(),
  /** The co-operative selling it (its bulk lot, gathered from its members), as buyers see it; null: a person sells it. */
  cooperative: z
    .object({ id: z.number().int(), name: z.string(), members: z.number().int() })
    .nullable()
    .optional(),
});
export type TCommodity = z.infer<typeof ZCommodity>;

/** A marketplace page: the cursor is `rank.id` on the public list, `id` on lists ordered by id only. */
export const ZMarketPageQuery = pageQuery({
  cursor: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,10})?$/, 'marketplace.validation.cursor')
    // Each part is compared with an integer column: beyond 2^31-1 PostgreSQL fails instead of finding nothing.
    .refine((c) => c.split('.').every((part) => Number(part) <= MAX_INT4), 'marketplace.validation.cursor'),
  defaultLimit: DEFAULT_PAGE_LIMIT,
  maxLimit: MAX_PAGE_LIMIT,
  limitErrors: { invalid: 'marketplace.validation.limit', range: 'marketplace.validation.limit' },
});

export const ZCommodityListQuery = ZMarketPageQuery.extend({
  mine: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** POST /api/bids: price per ton; quantity in tons, default the whole available quantity. */
export const ZBidInput = z
  .object({
    commodityId: z
      .number({ error: 'validation.invalidId' })
      .int('validation.invalidId')
      .positive('validation.invalidId')
      .max(MAX_INT4, 'validation.invalidId'),
    price: ZPriceCents,
    quantity: ZTonsKg.optional(),
  })
  .superRefine((v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity));
export type TBidInput = z.input<typeof ZBidInput>;

export const ZBid = z.object({
  id: z.number().int(),
  commodityId: z.number().int(),
  buyerId: z.number().int(),
  price: z.number(),
  quantity: z.number(),
  status: z.enum(BID_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TBid = z.infer<typeof ZBid>;

/** GET /api/bids: a bid with its listing and the bidder's username. */
export const ZBidDetail = ZBid.extend({
  buyerUsername: z.string(),
  /** The bidder's rating aggregate, for the seller deciding on the bid. */
  buyerRating: ZRatingSummary,
  commodity: ZCommodity.pick({
    id: true,
    name: true,
    quantity: true,
    price: true,
    grade: true,
    status: true,
    userId: true,
    sellerUsername: true,
  }).extend({ sellerRating: ZRatingSummary }),
});
export type TBidDetail = z.infer<typeof ZBidDetail>;

export const ZBidListQuery = ZMarketPageQuery.extend({
  status: z.enum(BID_STATUSES).optional(),
  farmer: ZFarmerFilter,
});

export const ZBidUpdate = z.object({
  status: z.enum(['accepted', 'rejected', 'withdrawn'], { error: 'marketplace.validation.bidStatus' }),
});

export const ZTrade = z.object({
  id: z.number().int(),
  commodityId: z.number().int(),
  bidId: z.number().int(),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
  createdAt: z.string(),
});
export type TTrade = z.infer<typeof ZTrade>;

/** Text fields of the request form: presence first (spec §5 messages), then the value must be exact and > 0. */
function requiredText(requiredKey: string) {
  return zSingleLine({ error: requiredKey }).min(1, requiredKey);
}

/** A decimal typed as text, required, exact and > 0, read into integer units. */
function requiredDecimalText(parse: Parse, requiredKey: string, invalidKey: string, tooLargeKey: string) {
  return z.string({ error: requiredKey }).transform((value, refinement) => {
    if (value.trim() === '') {
      refinement.addIssue({ code: 'custom', message: requiredKey });
      return z.NEVER;
    }
    if (parse === parseMoneyToCents && hasTooManyDecimals(value)) {
      refinement.addIssue({ code: 'custom', message: CURRENCY_DECIMALS });
      return z.NEVER;
    }
    const units = parse(value);
    if (units === null || units <= 0) {
      refinement.addIssue({ code: 'custom', message: invalidKey });
      return z.NEVER;
    }
    if (units > MAX_INT4) {
      refinement.addIssue({ code: 'custom', message: tooLargeKey });
      return z.NEVER;
    }
    return units;
  });
}

/** POST /api/commodity-requests: every value arrives as text (spec §3) and is stored typed. */
export const ZCommodityRequestInput = z
  .object({
    commodityName: zSingleLine({ error: 'marketplace.validation.commodityNameMin' })
      .min(NAME_MIN, 'marketplace.validation.commodityNameMin')
      .max(NAME_MAX, 'marketplace.validation.nameMax'),
    quantity: requiredDecimalText(
      parseTonsToKg,
      'marketplace.validation.quantityRequired',
      'marketplace.validation.quantityPositive',
      'marketplace.validation.quantityTooLarge',
    ),
    targetPrice: requiredDecimalText(
      parseMoneyToCents,
      'marketplace.validation.targetPriceRequired',
      'marketplace.validation.pricePositive',
      'marketplace.validation.priceTooLarge',
    ),
    grade: requiredText('marketplace.validation.gradeRequired').pipe(
      z.enum(GRADES, { error: 'marketplace.validation.gradeRequired' }),
    ),
    description: zMultiLine().max(2000, 'marketplace.validation.descriptionMax').optional(),
    deliveryTimeline: requiredText('marketplace.validation.deliveryTimelineRequired').pipe(
      z.enum(DELIVERY_TIMELINES, { error: 'marketplace.validation.deliveryTimelineRequired' }),
    ),
  })
  .superRefine((v, refinement) => refuseZeroTotal(refinement, 'targetPrice', v.targetPrice, v.quantity));
export type TCommodityRequestInput = z.input<typeof ZCommodityRequestInput>;

export const ZRequestAnswer = z.object({
  commodityId: z.number().int(),
  sellerId: z.number().int(),
  sellerUsername: z.string(),
  /** The listing's price per ton. */
  price: z.number(),
});

export const ZCommodityRequest = z.object({
  id: z.number().int(),
  buyerId: z.number().int(),
  buyerUsername: z.string(),
  commodityName: z.string(),
  quantity: z.number(),
  targetPrice: z.number(),
  grade: z.enum(GRADES),
  description: z.string().nullable(),
  deliveryTimeline: z.enum(DELIVERY_TIMELINES),
  status: z.enum(['open', 'closed']),
  /** The listings farmers made to meet it, oldest first: each farmer answers a request once. */
  answers: z.array(ZRequestAnswer),
  createdAt: z.string(),
});
export type TCommodityRequest = z.infer<typeof ZCommodityRequest>;

export const ZCommodityRequestUpdate = z.object({
  status: z.literal('closed', { error: 'marketplace.validation.requestStatus' }),
});

/**
 * ...or the market's last this many trades when the last PRICE_WINDOW_DAYS days (marketplace-constants.ts) had fewer
 * (an idle market keeps its last price).
 */
export const PRICE_MIN_RECENT_TRADES = 3;
/** A trade priced above this many times the median of the recent trades before it, or below its inverse, is far off. */
export const PRICE_FAR_FACTOR = 2;
/** A far-off trade counts only when it carries at least this share of the recent tons (itself included)... */
export const PRICE_FAR_MIN_SHARE = 0.5;
/** ...and at least this many kilograms: one small trade far from the market never moves its price alone. */
export const PRICE_FAR_MIN_KG = 5000;

/** The rule, as the API documents it. */
const CURRENT_PRICE_RULE =
  `Price per ton: the volume-weighted average price of the market's trades of the last ${PRICE_WINDOW_DAYS} days ` +
  `(of its last ${PRICE_MIN_RECENT_TRADES} trades when those days had fewer). A trade priced outside ` +
  `×1/${PRICE_FAR_FACTOR}–×${PRICE_FAR_FACTOR} of the volume-weighted median of the recent trades before it counts ` +
  `only if it is at least ${PRICE_FAR_MIN_KG / 1000} t and at least ${PRICE_FAR_MIN_SHARE * 100} % of their tons ` +
  'with it, so one small trade far from the market never moves the price alone. No trade yet: the median price of ' +
  'the available listings; null with neither.';

export const ZMarketSummaryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  volume: z.number(),
  averageVolume: z.number(),
  currentPrice: z.number().nullable().describe(CURRENT_PRICE_RULE),
  priceChange: z
    .number()
    .describe(
      '% change of the price (the same rule as currentPrice) against 24 h earlier; 0 without a price then.',
    ),
  trend: z.array(z.number()),
  bestBid: z.number().nullable(),
  yourBid: z.number().nullable(),
  availableQuantity: z.number(),
});
export type TMarketSummaryItem = z.infer<typeof ZMarketSummaryItem>;

export const ZPricePoint = z.object({
  timestamp: z.string(),
  price: z
    .number()
    .optional()
    .describe("The market price (currentPrice's rule) at the end of the day; absent before the first trade."),
  volume: z.number(),
});
export type TPricePoint = z.infer<typeof ZPricePoint>;

export const ZPriceHistoryQuery = z.object({
  commodity: zSingleLine().max(NAME_MAX, 'marketplace.validation.nameMax').optional(),
  days: z.coerce.number().int().min(1).max(365).optional(),
});
