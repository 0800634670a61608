// The commodity catalogue: kinds of commodity (names in each language, synonyms, grades, local units) and the resolver.
import { z } from 'zod';
import { GRADES, ZPriceCents } from './marketplace';
import { zSingleLine } from './text';

export {
  buildKindIndex,
  foldName,
  type KindIndex,
  type KindTerms,
  resolveKind,
} from './commodity-kind-index';

export const KIND_KEY_MAX = 40;
export const KIND_NAME_MAX = 60;
export const KIND_SYNONYMS_MAX = 40;
export const KIND_UNITS_MAX = 12;
/** The heaviest local unit a manager may declare (a unit is a bag, a basin, a tine: far below a ton). */
export const UNIT_KG_MAX = 1000;
/** Requests to add a kind shown to managers at once. */
export const KIND_REQUESTS_PAGE = 200;

/** The market of a catalogue commodity is its key: lower-case letters, digits and underscores. */
export const ZKindKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'marketplace.catalogue.validation.key')
  .max(KIND_KEY_MAX, 'marketplace.catalogue.validation.key');

const ZKindName = zSingleLine()
  .min(2, 'marketplace.validation.nameMin')
  .max(KIND_NAME_MAX, 'marketplace.validation.nameMax');

export const ZKindNames = z.object({ en: ZKindName, fr: ZKindName });
export type TKindNames = z.infer<typeof ZKindNames>;

export const ZKindUnitInput = z.object({
  key: ZKindKey,
  names: ZKindNames,
  /**
   * Kilograms in one unit, as this deployment counts them; null until a manager has weighed it (a basin or a tine
   * differs from one market to the next): such a unit is named but not offered for quantities.
   */
  kg: z
    .number({ error: 'marketplace.catalogue.validation.unitKg' })
    .positive('marketplace.catalogue.validation.unitKg')
    .max(UNIT_KG_MAX, 'marketplace.catalogue.validation.unitKg')
    .multipleOf(0.001, 'marketplace.catalogue.validation.unitKg')
    .nullable(),
});
export type TKindUnitInput = z.infer<typeof ZKindUnitInput>;

const uniqueBy =
  <T>(keyOf: (item: T) => string) =>
  (items: readonly T[]) =>
    new Set(items.map(keyOf)).size === items.length;

const ZKindFields = z.object({
  names: ZKindNames,
  /** Other names and common spellings a farmer may type (matched without regard to case or accents). */
  synonyms: z
    .array(ZKindName)
    .max(KIND_SYNONYMS_MAX, 'marketplace.catalogue.validation.tooMany')
    .refine(
      uniqueBy((s: string) => s.toLowerCase()),
      'marketplace.catalogue.validation.duplicate',
    ),
  grades: z
    .array(z.enum(GRADES, { error: 'marketplace.validation.grade' }))
    .min(1, 'marketplace.catalogue.validation.grades')
    .refine(
      uniqueBy((g: string) => g),
      'marketplace.catalogue.validation.duplicate',
    ),
  units: z
    .array(ZKindUnitInput)
    .max(KIND_UNITS_MAX, 'marketplace.catalogue.validation.tooMany')
    .refine(
      uniqueBy((u: TKindUnitInput) => u.key),
      'marketplace.catalogue.validation.duplicate',
    ),
});

/** POST /api/commodity-kinds (manager). */
export const ZKindInput = ZKindFields.extend({ key: ZKindKey });
export type TKindInput = z.infer<typeof ZKindInput>;

/** PATCH /api/commodity-kinds/:key (manager): what is given replaces what was there. */
export const ZKindUpdate = ZKindFields.partial().refine(
  (v) => Object.keys(v).length > 0,
  'marketplace.validation.nothingToChange',
);
export type TKindUpdate = z.infer<typeof ZKindUpdate>;

export const ZKindUnit = z.object({
  key: z.string(),
  /** The unit's name in the reader's language. */
  name: z.string(),
  names: z.object({ en: z.string(), fr: z.string() }),
  /** null: not weighed yet for this deployment. */
  kg: z.number().nullable(),
});
export type TKindUnit = z.infer<typeof ZKindUnit>;

/** GET /api/commodity-kinds: one kind, `name` in the reader's language. */
export const ZCommodityKind = z.object({
  key: z.string(),
  name: z.string(),
  names: z.object({ en: z.string(), fr: z.string() }),
  synonyms: z.array(z.string()),
  grades: z.array(z.enum(GRADES)),
  units: z.array(ZKindUnit),
});
export type TCommodityKind = z.infer<typeof ZCommodityKind>;

/** POST /api/commodity-kind-requests: a farmer whose commodity is not in the catalogue asks a manager to add it. */
export const ZKindRequestInput = z.object({
  name: zSingleLine()
    .min(2, 'marketplace.validation.nameMin')
    .max(KIND_NAME_MAX, 'marketplace.validation.nameMax'),
  note: zSingleLine().max(200, 'marketplace.catalogue.validation.note').optional(),
});

export const ZKindRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  requestedBy: z.number().int(),
  requestedByUsername: z.string(),
  createdAt: z.string(),
});
export type TKindRequest = z.infer<typeof ZKindRequest>;

/** GET /api/commodity-kinds/unmatched (manager): market names of listings, requests and trades no kind matches. */
export const ZUnmatchedMarket = z.object({
  name: z.string(),
  listings: z.number().int(),
  requests: z.number().int(),
  trades: z.number().int(),
});
export type TUnmatchedMarket = z.infer<typeof ZUnmatchedMarket>;

// ---------------------------------------------------------------------------------------------------------------
// Price alerts: "tell me when maize passes 300".

/** Alerts one user may keep. */
export const PRICE_ALERTS_MAX = 20;

/** POST /api/price-alerts: the commodity by any of its names, the price per ton it should pass. */
export const ZPriceAlertInput = z.object({
  commodity: zSingleLine()
    .min(1, 'marketplace.validation.nameMin')
    .max(KIND_NAME_MAX, 'marketplace.validation.nameMax'),
  price: ZPriceCents,
});
export type TPriceAlertInput = z.input<typeof ZPriceAlertInput>;

export const ZPriceAlert = z.object({
  id: z.number().int(),
  /** The kind's key and its name in the reader's language. */
  commodityKey: z.string(),
  commodity: z.string(),
  price: z.number(),
  /** Where the market price stood at the last check: the alert fires when it moves to the other side. */
  side: z.enum(['above', 'below']).nullable(),
  createdAt: z.string(),
});
export type TPriceAlert = z.infer<typeof ZPriceAlert>;
