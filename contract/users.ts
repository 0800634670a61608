// Users directory, roles, profiles (farmer and enhanced), achievements, dashboards and saved searches.
import { z } from 'zod';
import { ZRole } from './common';
import { MAX_INT4, ROLES } from './constants';
import { CURRENCY_DECIMALS, hasTooManyDecimals, parseMoneyToCents } from './money';
import { pageQuery } from './pagination';
import { zMultiLine, zSingleLine } from './text';

export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 200;
export const BIO_MAX = 1000;
export const EXPERIENCE_MAX = 80;
export const CROPS_MAX = 20;
export const CROP_NAME_MAX = 40;
export const LIST_FIELD_MAX = 10;
export const SAVED_SEARCHES_MAX = 50;
export const PLACE_MAX = 80;

export const ZUsersQuery = pageQuery({
  cursor: z.coerce
    .number({ error: 'users.validation.cursor' })
    .int('users.validation.cursor')
    .positive('users.validation.cursor')
    .max(MAX_INT4, 'users.validation.cursor'),
  defaultLimit: USERS_PAGE_DEFAULT,
  maxLimit: USERS_PAGE_MAX,
  limitErrors: { invalid: 'validation.invalidId', range: 'users.validation.limit' },
}).extend({
  search: zSingleLine().max(32, 'users.validation.searchMax').optional(),
  role: ZRole.optional(),
});

/** A directory entry: contact fields appear only when the caller may see them. */
export const ZDirectoryUser = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  email: z.string().nullable().optional(),
  phoneNumber: z.string().nullable().optional(),
  countryCode: z.string().nullable().optional(),
});
export type TDirectoryUser = z.infer<typeof ZDirectoryUser>;

export const ZAchievement = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const ZUserAchievement = z.object({
  id: z.number().int(),
  earnedAt: z.string(),
  achievement: ZAchievement,
});
export type TUserAchievement = z.infer<typeof ZUserAchievement>;

export const ZPublicProfile = z.object({
  bio: z.string().nullable(),
  farmingExperience: z.number().int().nullable(),
  preferredCrops: z.array(z.string()),
  region: z.string().nullable(),
  country: z.string().nullable(),
  farmTypes: z.array(z.string()),
  certifications: z.array(z.string()),
  languagesSpoken: z.array(z.string()),
});

export const ZUserDetail = ZDirectoryUser.extend({
  profile: ZPublicProfile,
  achievements: z.array(ZUserAchievement),
});

export const ZRoleUpdate = z.object({ role: ZRole });

const text = (max: number, key: string) =>
  zMultiLine()
    .max(max, key)
    .nullable()
    .transform((v) => (v ? v : null));

/** A list of short labels: trimmed, blank ones refused, duplicates (case-insensitive) dropped. */
const labels = (maxItems: number, maxLength: number, itemsKey: string, lengthKey: string) =>
  z
    .array(zSingleLine().min(1, lengthKey).max(maxLength, lengthKey))
    .max(maxItems, itemsKey)
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((item) => {
        const key = item.toLowerCase();
        if (seen.has(key)) {
          return false;
        }
        seen.add(key);
        return true;
      });
    });

export const ZFarmingExperience = z
  .number({ error: 'users.validation.experienceRange' })
  .int('users.validation.experienceWhole')
  .min(0, 'users.validation.experienceRange')
  .max(EXPERIENCE_MAX, 'users.validation.experienceRange');

/** PUT /api/profile: any of the three fields; missing ones keep their value. totalSales is never written. */
export const ZProfileUpdate = z.object({
  bio: text(BIO_MAX, 'users.validation.bioMax').optional(),
  farmingExperience: ZFarmingExperience.nullable().optional(),
  preferredCrops: labels(
    CROPS_MAX,
    CROP_NAME_MAX,
    'users.validation.cropsMax',
    'users.validation.cropLength',
  ).optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZProfile = z.object({
  bio: z.string().nullable(),
  farmingExperience: z.number().int().nullable(),
  preferredCrops: z.array(z.string()),
  totalSales: z.number(),
});
export const ZProfileResponse = z.object({ profile: ZProfile, achievements: z.array(ZUserAchievement) });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

export const ZEnhancedProfile = z.object({
  region: z.string().nullable(),
  country: z.string().nullable(),
  farmTypes: z.array(z.string()),
  certifications: z.array(z.string()),
  languagesSpoken: z.array(z.string()),
  showContact: z.boolean(),
});
export type TEnhancedProfile = z.infer<typeof ZEnhancedProfile>;

export const ZEnhancedProfileUpdate = z.object({
  region: text(PLACE_MAX, 'users.validation.placeMax').optional(),
  country: text(PLACE_MAX, 'users.validation.placeMax').optional(),
  farmTypes: labels(
    LIST_FIELD_MAX,
    40,
    'users.validation.listMax',
    'users.validation.labelLength',
  ).optional(),
  certifications: labels(
    LIST_FIELD_MAX,
    60,
    'users.validation.listMax',
    'users.validation.labelLength',
  ).optional(),
  languagesSpoken: labels(
    LIST_FIELD_MAX,
    40,
    'users.validation.listMax',
    'users.validation.labelLength',
  ).optional(),
  showContact: z.boolean().optional(),
});
export type TEnhancedProfileUpdate = z.input<typeof ZEnhancedProfileUpdate>;

const ZAmount = z.object({ count: z.number().int(), amount: z.number() });

export const ZDashboard = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('farmer'),
    activeListings: z.number().int(),
    bidsReceived7d: ZAmount,
    farms: z.number().int(),
    crops: z.number().int(),
  }),
  z.object({
    kind: z.literal('buyer'),
    activeOrders: z.number().int(),
    savedSearches: z.number().int(),
    purchaseHistory: ZAmount,
  }),
  z.object({
    kind: z.literal('welcome'),
    role: z.enum(ROLES),
    enrolledUsers: z.number().int(),
  }),
]);
export type TDashboard = z.infer<typeof ZDashboard>;

export const GRADES = ['A', 'B', 'C'] as const;

/** A buyer's saved marketplace search: a name and the filters (money and tons as API decimals). */
export const ZSavedSearchInput = z.object({
  name: zSingleLine().min(1, 'users.validation.searchName').max(60, 'users.validation.searchName'),
  query: zSingleLine()
    .max(60, 'users.validation.searchQuery')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  grade: z.enum(GRADES).nullable().optional(),
  maxPrice: z
    .number()
    .positive('users.validation.maxPrice')
    // Stored in an integer column of cents.
    .max(MAX_INT4 / 100, 'users.validation.maxPrice')
    .refine((v) => !hasTooManyDecimals(v), { message: CURRENCY_DECIMALS, abort: true })
    .refine((v) => parseMoneyToCents(v) !== null, 'users.validation.maxPrice')
    .nullable()
    .optional(),
});
export type TSavedSearchInput = z.input<typeof ZSavedSearchInput>;

export const ZSavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string().nullable(),
  /** The catalogue kind the query names, if it names one: the search then finds that kind under any of its names. */
  commodityKey: z.string().nullable(),
  grade: z.enum(GRADES).nullable(),
  maxPrice: z.number().nullable(),
  createdAt: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;
