// Groups and co-operatives: discussion groups and co-operatives with their members, roles and members-only feed; a
// co-operative's intakes at its stores (each adding to an open bulk lot), its member credit, its settlements that
// pay each member their share, and its books. Quantities are tons and money minor units, as everywhere in the API.
import { z } from 'zod';
import { ZParty } from './common';
import { MAX_INT4, STORE_KINDS } from './constants';
import { ZIsoDate } from './farms';
import { GRADES, ZCommodityName, ZGrade, ZTonsKg } from './marketplace';
import { pageQuery } from './pagination';
import { ZMoisture } from './stock';
import { zMultiLine, zSingleLine } from './text';

export const GROUP_KINDS = ['discussion', 'cooperative'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export const GROUP_ROLES = ['admin', 'store_keeper', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** `requested`: the person asked to join, an admin decides; `invited`: an admin asked, the person decides. */
export const MEMBER_STATUSES = ['requested', 'invited', 'active'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** Who reads a discussion group's feed; a co-operative's feed is always its members'. */
export const GROUP_VISIBILITIES = ['public', 'members'] as const;
export const SETTLEMENT_STATUSES = ['draft', 'approved'] as const;
/** A share's payout: by mobile money (its move's status), or listed for cash when the member has no proven number. */
export const SHARE_PAYOUT_STATUSES = [
  'none',
  'pending',
  'succeeded',
  'failed',
  'waiting',
  'cash_due',
  'paid_cash',
] as const;
export type SharePayoutStatus = (typeof SHARE_PAYOUT_STATUSES)[number];
/** The co-operative's own accounts (the same double entry as a farm's books). */
export const COOP_ACCOUNTS = [
  'held_at_operator',
  'cash',
  'member_receivables',
  'owed_to_members',
  'income:produce_sales',
  'income:levies',
  'income:transport',
  'expense:member_produce',
] as const;
export type CoopAccount = (typeof COOP_ACCOUNTS)[number];

/** The highest levy a co-operative may keep from its members' shares, percent. */
export const MAX_LEVY_PERCENT = 30;
/** The largest grade differential, and transport charge, per ton (minor units: a million in the currency), either way. */
export const MAX_DIFFERENTIAL = 100_000_000;

const ZId4 = z.number().int().positive().max(MAX_INT4);
const ZQueryId = z.coerce.number().int().positive().max(MAX_INT4);
const ZMinor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ---- Groups

const ZGroupName = zSingleLine().min(3, 'groups.validation.name').max(80, 'groups.validation.name');
const ZDifferentials = z
  .object({
    A: z.number().int().min(-MAX_DIFFERENTIAL).max(MAX_DIFFERENTIAL).optional(),
    B: z.number().int().min(-MAX_DIFFERENTIAL).max(MAX_DIFFERENTIAL).optional(),
    C: z.number().int().min(-MAX_DIFFERENTIAL).max(MAX_DIFFERENTIAL).optional(),
  })
  .strict()
  // An empty object says nothing: leave the field out instead (a grade left out is 0, or unchanged on a patch).
  .refine(
    (d) => d.A !== undefined || d.B !== undefined || d.C !== undefined,
    'groups.validation.differentialsEmpty',
  );

/** A co-operative's rule: the levy it keeps, transport it charges per ton delivered, price differentials per grade. */
export const ZCoopRules = z.object({
  levyPercent: z
    .number({ error: 'groups.validation.levy' })
    .min(0, 'groups.validation.levy')
    .max(MAX_LEVY_PERCENT, 'groups.validation.levy')
    .transform((v) => Math.round(v * 10) / 10),
  /** Minor units per ton delivered, deducted from each share. */
  transportPerTon: ZMinor.max(MAX_DIFFERENTIAL, 'groups.validation.transport'),
  /** Minor units per ton added to (or taken from) the order's price for each grade. */
  gradeDifferentials: ZDifferentials,
});

export const ZGroupInput = z.object({
  name: ZGroupName,
  kind: z.enum(GROUP_KINDS, { error: 'groups.validation.kind' }),
  description: zMultiLine().max(1000, 'groups.validation.description').default(''),
  region: zSingleLine().max(80, 'groups.validation.region').optional(),
  /** A discussion group's feed may be public; a co-operative's is always its members'. */
  visibility: z.enum(GROUP_VISIBILITIES, { error: 'groups.validation.visibility' }).default('members'),
  /** The crops a co-operative gathers (found by them). */
  crops: z.array(ZCommodityName).max(10, 'groups.validation.crops').default([]),
  levyPercent: ZCoopRules.shape.levyPercent.optional(),
  transportPerTon: ZCoopRules.shape.transportPerTon.optional(),
  gradeDifferentials: ZDifferentials.optional(),
});
export type TGroupInput = z.input<typeof ZGroupInput>;

export const ZGroupPatch = z
  .object({
    name: ZGroupName,
    description: zMultiLine().max(1000, 'groups.validation.description'),
    region: zSingleLine().max(80, 'groups.validation.region').nullable(),
    visibility: z.enum(GROUP_VISIBILITIES, { error: 'groups.validation.visibility' }),
    crops: z.array(ZCommodityName).max(10, 'groups.validation.crops'),
    levyPercent: ZCoopRules.shape.levyPercent,
    transportPerTon: ZCoopRules.shape.transportPerTon,
    gradeDifferentials: ZDifferentials,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'groups.validation.nothingToChange' });
export type TGroupPatch = z.input<typeof ZGroupPatch>;

export const ZGroupQuery = pageQuery({ cursor: ZQueryId, defaultLimit: 30, maxLimit: 100 }).extend({
  kind: z.enum(GROUP_KINDS).optional(),
  region: zSingleLine().max(80).optional(),
  crop: zSingleLine().max(60).optional(),
  q: zSingleLine().max(80).optional(),
  /** Only the groups the caller belongs to (or asked to, or was invited to). */
  mine: z.enum(['true', 'false']).optional(),
});

export const ZMembership = z.object({ role: z.enum(GROUP_ROLES), status: z.enum(MEMBER_STATUSES) });

export const ZGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  description: z.string(),
  region: z.string().nullable(),
  visibility: z.enum(GROUP_VISIBILITIES),
  crops: z.array(z.string()),
  memberCount: z.number().int(),
  levyPercent: z.number(),
  transportPerTon: z.number().int(),
  gradeDifferentials: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int() }),
  /** The co-operative as a party of the marketplace (the seller of its bulk lots); null for a discussion group. */
  account: ZParty.nullable(),
  /** The caller's place in it; null: not a member. */
  me: ZMembership.nullable(),
  can: z.object({
    /** Read the feed and the member list. */
    read: z.boolean(),
    post: z.boolean(),
    /** Admit, invite, remove, set roles and rules, list, settle. */
    manage: z.boolean(),
    /** Record intakes at the co-operative's stores. */
    keep: z.boolean(),
  }),
  createdAt: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** `GET /api/groups`: a page of groups (the next page's cursor in a header). */
export const ZGroupList = z.object({ data: z.array(ZGroup) });

// ---- Members

/** Without `userId`: the caller asks to join. With it: an admin invites that person (as `role`, member by default). */
export const ZMemberInput = z.object({
  userId: ZId4.optional(),
  role: z.enum(GROUP_ROLES, { error: 'groups.validation.role' }).optional(),
});
export const ZMemberDecision = z.object({ accept: z.boolean({ error: 'groups.validation.accept' }) });
export const ZMemberRole = z.object({ role: z.enum(GROUP_ROLES, { error: 'groups.validation.role' }) });

export const ZMember = z.object({
  user: ZParty,
  name: z.string().nullable(),
  role: z.enum(GROUP_ROLES),
  status: z.enum(MEMBER_STATUSES),
  /** Whether payouts can reach them by mobile money (a proven number); visible to admins only, else null. */
  provenNumber: z.boolean().nullable(),
  joinedAt: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberQuery = pageQuery({ cursor: ZQueryId, defaultLimit: 100, maxLimit: 200 }).extend({
  status: z.enum(MEMBER_STATUSES).optional(),
});

// ---- Feed

export const ZGroupPostInput = z.object({
  body: zMultiLine().min(1, 'groups.validation.post').max(2000, 'groups.validation.post'),
});
export const ZGroupCommentInput = z.object({
  body: zMultiLine().min(1, 'groups.validation.comment').max(1000, 'groups.validation.comment'),
});
export const ZGroupComment = z.object({
  id: z.number().int(),
  author: ZParty,
  body: z.string(),
  createdAt: z.string(),
});
export type TGroupComment = z.infer<typeof ZGroupComment>;
export const ZGroupPost = z.object({
  id: z.number().int(),
  author: ZParty,
  body: z.string(),
  comments: z.array(ZGroupComment),
  createdAt: z.string(),
});
export type TGroupPost = z.infer<typeof ZGroupPost>;

// ---- Stores and intakes

export const ZCoopStoreInput = z.object({
  name: zSingleLine().min(2, 'stock.validation.storeName').max(80, 'stock.validation.storeName'),
  location: zSingleLine().max(120, 'stock.validation.location').optional(),
});

export const ZIntakeInput = z.object({
  memberId: ZId4,
  crop: ZCommodityName,
  grade: ZGrade,
  moisture: ZMoisture.optional(),
  quantity: ZTonsKg,
  bags: z.number().int().positive('groups.validation.bags').max(100_000, 'groups.validation.bags').optional(),
  storeId: ZId4,
  /** When the bags came in (typed later at the latest; never ahead of today): today when left out. */
  date: ZIsoDate.optional(),
});
export type TIntakeInput = z.input<typeof ZIntakeInput>;

export const ZIntakeReversalInput = z.object({
  reason: zSingleLine().min(2, 'groups.validation.reason').max(200, 'groups.validation.reason'),
});

export const ZIntake = z.object({
  id: z.number().int(),
  member: ZParty,
  crop: z.string(),
  grade: z.enum(GRADES),
  moisture: z.number().nullable(),
  /** Tons; negative for a reversing entry. */
  quantity: z.number(),
  bags: z.number().int().nullable(),
  store: z.object({ id: z.number().int(), name: z.string() }),
  lotId: z.number().int(),
  date: z.string(),
  /** Printed on the member's receipt, 4 characters. */
  reference: z.string(),
  /** A reversing entry's intake; the entry that reversed this one. */
  reversalOf: z.number().int().nullable(),
  reversedBy: z.number().int().nullable(),
  reason: z.string().nullable(),
  recordedBy: ZParty.nullable(),
  createdAt: z.string(),
});
export type TIntake = z.infer<typeof ZIntake>;

export const ZIntakeQuery = pageQuery({ cursor: ZQueryId, defaultLimit: 50, maxLimit: 200 }).extend({
  member: ZQueryId.optional(),
  lot: ZQueryId.optional(),
});

/** The co-operative's collection day today (a calendar event): the store keeper's intake screen names it. */
export const ZCollectionDay = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type TCollectionDay = z.infer<typeof ZCollectionDay>;

/** GET /api/groups/:id/intakes: a page of intakes, and today's collection day if there is one. */
export const ZIntakePage = z.object({ data: z.array(ZIntake), collectionDay: ZCollectionDay.nullable() });

/** A bulk lot of the co-operative: the stock lot and who delivered into it. */
export const ZBulkLot = z.object({
  lotId: z.number().int(),
  crop: z.string(),
  grade: z.enum(GRADES).nullable(),
  store: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(STORE_KINDS) }),
  /** Tons in the store now, listed of them, and delivered in all (intakes net of reversals). */
  quantity: z.number(),
  reserved: z.number(),
  delivered: z.number(),
  members: z.number().int(),
  /** Open while intakes still add to it; closed once listed or sold from. */
  open: z.boolean(),
  contributions: z.array(z.object({ member: ZParty, quantity: z.number() })),
});
export type TBulkLot = z.infer<typeof ZBulkLot>;

// ---- Member credit

export const ZCreditInput = z.object({
  memberId: ZId4,
  amount: ZMinor.min(1, 'groups.validation.amount'),
  note: zSingleLine().min(2, 'groups.validation.note').max(200, 'groups.validation.note'),
  date: ZIsoDate.optional(),
});
export const ZCredit = z.object({
  id: z.number().int(),
  member: ZParty,
  amount: z.number().int(),
  note: z.string(),
  date: z.string(),
  /** Repaid so far from settlements. */
  repaid: z.number().int(),
});

// ---- Settlements

export const ZSettlementInput = z.union([
  z.object({ orderId: ZId4 }).strict(),
  z
    .object({ lotIds: z.array(ZId4).min(1, 'groups.validation.lots').max(50, 'groups.validation.lots') })
    .strict(),
]);
export type TSettlementInput = z.input<typeof ZSettlementInput>;

export const ZShare = z.object({
  member: ZParty,
  /** Tons delivered into the settled lots, per grade. */
  delivered: z.array(z.object({ grade: z.enum(GRADES), quantity: z.number() })),
  gross: z.number().int(),
  levy: z.number().int(),
  credit: z.number().int(),
  transport: z.number().int(),
  net: z.number().int(),
  payout: z.object({
    status: z.enum(SHARE_PAYOUT_STATUSES),
    reference: z.string().nullable(),
    moveId: z.number().int().nullable(),
  }),
});
export type TShare = z.infer<typeof ZShare>;

export const ZSettlement = z.object({
  id: z.number().int(),
  status: z.enum(SETTLEMENT_STATUSES),
  orders: z.array(z.number().int()),
  lots: z.array(z.number().int()),
  /** What the buyers paid for the settled goods and the co-operative holds at the operator (minor units). */
  proceeds: z.number().int(),
  levyPercent: z.number(),
  transportPerTon: z.number().int(),
  /** Price per ton paid for each grade (the order's price with the differential). */
  prices: z.array(z.object({ grade: z.enum(GRADES), price: z.number().int() })),
  totals: z.object({
    gross: z.number().int(),
    levy: z.number().int(),
    credit: z.number().int(),
    transport: z.number().int(),
    net: z.number().int(),
  }),
  shares: z.array(ZShare),
  approvedBy: ZParty.nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TSettlement = z.infer<typeof ZSettlement>;

export const ZCashPaidInput = z.object({
  reference: zSingleLine().min(1, 'groups.validation.reference').max(100, 'groups.validation.reference'),
});

// ---- Books and statements

export const ZCoopBooks = z.object({
  balances: z.array(z.object({ account: z.enum(COOP_ACCOUNTS), balance: z.number().int() })),
  /** Totals a manager reads at a glance. */
  collected: z.number().int(),
  levies: z.number().int(),
  paidToMembers: z.number().int(),
  owedToMembers: z.number().int(),
  /** Held for the co-operative at the operator: collected and not yet paid out. */
  held: z.number().int(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      memoKey: z.string(),
      memoData: z.record(z.string(), z.union([z.string(), z.number()])),
      lines: z.array(
        z.object({ account: z.enum(COOP_ACCOUNTS), debit: z.number().int(), credit: z.number().int() }),
      ),
    }),
  ),
  balanced: z.boolean(),
});
export type TCoopBooks = z.infer<typeof ZCoopBooks>;

/** What a member delivered, is owed and was paid: their own statement. */
export const ZMemberStatement = z.object({
  member: ZParty,
  delivered: z.array(z.object({ crop: z.string(), grade: z.enum(GRADES), quantity: z.number() })),
  credit: z.object({ given: z.number().int(), repaid: z.number().int(), owed: z.number().int() }),
  shares: z.array(
    z.object({
      settlementId: z.number().int(),
      date: z.string(),
      gross: z.number().int(),
      levy: z.number().int(),
      credit: z.number().int(),
      transport: z.number().int(),
      net: z.number().int(),
      payout: ZShare.shape.payout,
    }),
  ),
  /** Delivered into lots not settled yet, tons. */
  awaitingSettlement: z.number(),
});
export type TMemberStatement = z.infer<typeof ZMemberStatement>;

// ---- Broadcasts

export const ZBroadcastInput = z
  .object({
    en: zMultiLine().max(300, 'groups.validation.broadcast').optional(),
    fr: zMultiLine().max(300, 'groups.validation.broadcast').optional(),
    /** Only the members with stock of this crop in the co-operative's lots (delivered, not yet settled). */
    crop: ZCommodityName.optional(),
    /** Answer who would receive it and what the SMS would cost, without sending. */
    dryRun: z.boolean().default(false),
  })
  .refine((v) => (v.en ?? '').trim() !== '' || (v.fr ?? '').trim() !== '', {
    error: 'groups.validation.broadcast',
  });
export const ZBroadcastResult = z.object({
  recipients: z.number().int(),
  /** Members already reached today (left out), and those whose message goes untranslated. */
  skippedToday: z.number().int(),
  untranslated: z.number().int(),
  sms: z.number().int(),
  /** What the SMS cost at the configured price per message (minor units); 0 when SMS is off. */
  cost: z.number().int(),
  sent: z.boolean(),
});
