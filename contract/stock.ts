// Stock and stores: stores and their keepers, graded lots from the harvest to the buyer, their movements (each
// dated when it happened), deposit receipts and the "sell now or store?" hint. Quantities are tons, as listings.
import { z } from 'zod';
import { ZParty } from './common';
import { MAX_INT4, STORE_KINDS } from './constants';
import { ZIsoDate } from './farms';
import { GRADES, ZCommodityName, ZGrade, ZTonsKg, ZTonsKgOrZero } from './marketplace';
import { pageQuery } from './pagination';
import { ZPhotoRef, ZPhotosAdd, ZPhotoUploads } from './photos';
import { zMultiLine, zSingleLine } from './text';

export const LOSS_REASONS = ['moisture', 'pests', 'rodents', 'mould', 'theft', 'spillage', 'other'] as const;
export type LossReason = (typeof LOSS_REASONS)[number];
/** Every movement a lot's history may show: those a keeper records, and those the marketplace and a count make. */
export const MOVEMENT_KINDS = [
  'in',
  'transfer_out',
  'transfer_in',
  'loss',
  'gain',
  'regrade',
  'sale',
  'return',
  /** A co-operative's intake reversed by a correcting entry (the intake's weight taken back out of the bulk lot). */
  'correction',
] as const;
export const RECEIPT_STATUSES = ['valid', 'partly_withdrawn', 'withdrawn'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** A receipt's code: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), typed from paper. */
export const RECEIPT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECEIPT_CODE_LENGTH = 10;
/** Receipt look-ups one address (or phone) may make in a minute: enough to check a few papers, too few to guess. */
export const RECEIPT_LOOKUPS_PER_MINUTE = 10;
/** Grain kept above this moisture (percent) loses weight as it dries and risks mould. */
export const SAFE_GRAIN_MOISTURE = 14;

const ZId4 = z.number().int().positive().max(MAX_INT4);
/** Moisture in percent (wet basis), to one decimal. */
export const ZMoisture = z
  .number({ error: 'stock.validation.moisture' })
  .min(0, 'stock.validation.moisture')
  .max(60, 'stock.validation.moisture')
  .transform((v) => Math.round(v * 10) / 10);
/** When a movement happened (it may be typed later, never ahead): today when left out. */
const ZHappenedOn = ZIsoDate.optional();

// ---- Stores

export const ZStoreInput = z.object({
  name: zSingleLine().min(2, 'stock.validation.storeName').max(80, 'stock.validation.storeName'),
  kind: z.enum(STORE_KINDS, { error: 'stock.validation.storeKind' }),
  location: zSingleLine().max(120, 'stock.validation.location').optional(),
  /** A home store's farm (the caller's own). */
  farmId: ZId4.optional(),
});
export type TStoreInput = z.input<typeof ZStoreInput>;

export const ZStoreKeeperInput = z.object({ userId: ZId4 });

export const ZStore = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  location: z.string().nullable(),
  farmId: z.number().int().nullable(),
  owner: ZParty.nullable(),
  keepers: z.array(ZParty),
  /** The caller may record movements in it (owns or keeps it). */
  keeps: z.boolean(),
  lots: z.number().int(),
  /** Tons held (every lot), and their worth at today's prices where a price exists (minor units). */
  quantity: z.number(),
  value: z.number().int(),
  /** Lots with no market price yet, left out of `value`. */
  unpriced: z.number().int(),
});
export type TStore = z.infer<typeof ZStore>;

// ---- Lots

export const ZLotInput = z.object({
  storeId: ZId4,
  /** Whose goods they are (a depositor in a co-op store, a farmer an agent represents): the caller when left out. */
  ownerId: ZId4.optional(),
  crop: ZCommodityName,
  variety: zSingleLine().max(60, 'stock.validation.variety').optional(),
  grade: ZGrade,
  moisture: ZMoisture.optional(),
  quantity: ZTonsKg,
  date: ZHappenedOn,
  photos: ZPhotoUploads,
});
export type TLotInput = z.input<typeof ZLotInput>;

export const ZLotQuery = pageQuery({
  cursor: z.coerce.number().int().positive().max(MAX_INT4),
  defaultLimit: 50,
  maxLimit: 100,
}).extend({
  store: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  crop: zSingleLine().max(60).optional(),
  owner: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  /** Lots that still hold something (the default), or every lot. */
  empty: z.enum(['include', 'exclude']).default('exclude'),
});

export const ZLotOrigin = z.union([
  z.object({ harvestId: z.number().int() }),
  z.object({ intakeId: z.number().int() }),
]);

export const ZLotValue = z.object({
  /** Today's market price per ton for the lot's crop and grade, from real trades (minor units). */
  price: z.number(),
  total: z.number(),
  /** The day of the trades it rests on. */
  asOf: z.string(),
});

export const ZReceiptBrief = z.object({
  number: z.string(),
  code: z.string(),
  status: z.enum(RECEIPT_STATUSES),
});

export const ZLot = z.object({
  id: z.number().int(),
  crop: z.string(),
  variety: z.string().nullable(),
  /** Null: not graded yet (a harvest stored without a grade); it is graded before it is listed. */
  grade: z.enum(GRADES).nullable(),
  moisture: z.number().nullable(),
  /** Tons in the store now; `reserved` of them are listed for sale, `free` may still be listed or moved. */
  quantity: z.number(),
  reserved: z.number(),
  free: z.number(),
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(STORE_KINDS),
    location: z.string().nullable(),
  }),
  owner: ZParty,
  origin: ZLotOrigin.nullable(),
  /** Its photos' addresses, picture and thumbnail (content-hashed, cached for a year). */
  photos: z.array(ZPhotoRef),
  /** Null: no trade of its crop and grade yet. */
  value: ZLotValue.nullable(),
  receipt: ZReceiptBrief.nullable(),
  /** The caller may record movements on it; may list it (acts for its owner). */
  canMove: z.boolean(),
  canSell: z.boolean(),
  createdAt: z.string(),
});
export type TLot = z.infer<typeof ZLot>;

export const ZMovement = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Tons, signed: what the lot gained (+) or lost (−); 0 for a regrade. */
  quantity: z.number(),
  reason: z.enum([...LOSS_REASONS, 'count']).nullable(),
  note: z.string().nullable(),
  /** A transfer's other lot and store. */
  otherLotId: z.number().int().nullable(),
  otherStore: z.string().nullable(),
  /** A regrade's new grade and moisture. */
  grade: z.enum(GRADES).nullable(),
  moisture: z.number().nullable(),
  /** A sale or return's order. */
  orderId: z.number().int().nullable(),
  happenedOn: z.string(),
  by: ZParty.nullable(),
  createdAt: z.string(),
});
export type TMovement = z.infer<typeof ZMovement>;

/** "Sell now or store?": what the market's own history and the lot's moisture say; null when history is short. */
export const ZStorageHint = z.object({
  crop: z.string(),
  /** The month with the lowest and highest average price over the years of trades, 1..12, and the rise between. */
  lowMonth: z.number().int(),
  highMonth: z.number().int(),
  risePercent: z.number(),
  years: z.number().int(),
  /** The expected weight lost in storage over those months, percent (a range), from the lot's moisture. */
  lossPercent: z.object({ from: z.number(), to: z.number() }),
  /** Whether the lot is dry enough to keep (at most SAFE_GRAIN_MOISTURE). */
  dryEnough: z.boolean().nullable(),
  /** Where the storage figures come from. */
  source: z.string(),
});
export type TStorageHint = z.infer<typeof ZStorageHint>;

export const ZLotDetail = ZLot.extend({
  movements: z.array(ZMovement),
  hint: ZStorageHint.nullable(),
  /** Open listings drawing on it, and the tons each holds back. */
  listings: z.array(z.object({ id: z.number().int(), quantity: z.number() })),
});
export type TLotDetail = z.infer<typeof ZLotDetail>;

// ---- Movements

export const ZMovementInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('transfer'), quantity: ZTonsKg, toStoreId: ZId4, date: ZHappenedOn }),
    z.object({
      kind: z.literal('loss'),
      quantity: ZTonsKg,
      reason: z.enum(LOSS_REASONS, { error: 'stock.validation.reason' }),
      note: zMultiLine().max(500, 'stock.validation.note').optional(),
      date: ZHappenedOn,
    }),
    z.object({
      kind: z.literal('count'),
      /** Tons found in the store (0 when it is empty). */
      counted: ZTonsKgOrZero,
      note: zMultiLine().max(500, 'stock.validation.note').optional(),
      date: ZHappenedOn,
    }),
    z.object({
      kind: z.literal('regrade'),
      grade: ZGrade,
      moisture: ZMoisture.optional(),
      date: ZHappenedOn,
    }),
  ],
  { error: 'stock.validation.kind' },
);
export type TMovementInput = z.input<typeof ZMovementInput>;

export const ZLotPhotosInput = ZPhotosAdd;

// ---- Receipts

export const ZReceiptCodeParams = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^[${RECEIPT_CODE_ALPHABET}]{${RECEIPT_CODE_LENGTH}}$`),
      'stock.validation.receiptCode',
    ),
});

/** What anyone with the code sees (a buyer or lender checking the paper): these fields and nothing else. */
export const ZReceipt = z.object({
  number: z.string(),
  code: z.string(),
  depositor: z.string(),
  crop: z.string(),
  grade: z.enum(GRADES).nullable(),
  moisture: z.number().nullable(),
  /** Tons deposited, and still held. */
  quantity: z.number(),
  held: z.number(),
  store: z.object({ name: z.string(), location: z.string().nullable() }),
  depositedAt: z.string(),
  status: z.enum(RECEIPT_STATUSES),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** GET /api/lots/summary: the caller's own stock (or a represented farmer's), for the financial overview's memo. */
export const ZStockSummaryQuery = z.object({
  farmer: z.coerce.number().int().positive().max(MAX_INT4).optional(),
});
export const ZStockSummary = z.object({
  lots: z.number().int(),
  /** Tons held, and their worth at today's market prices (not booked: the ledger keeps costs and sales). */
  quantity: z.number(),
  value: z.number().int(),
  /** Lots of a crop with no market price yet, left out of `value`. */
  unpriced: z.number().int(),
});
export type TStockSummary = z.infer<typeof ZStockSummary>;
