// Farms and farm membership.
import { z } from 'zod';
import { ZId } from './common';
import { MAX_INT4, MIN_AREA_HA } from './constants';
import { ZCropKey } from './crops';
import { zSingleLine } from './text';

export { FARM_CREATOR_ROLES } from './farms-constants';

export const FARM_MEMBER_ROLES = ['owner', 'manager', 'worker', 'viewer'] as const;
export type FarmMemberRole = (typeof FARM_MEMBER_ROLES)[number];

export const ZGrantableFarmRole = z.enum(['manager', 'worker', 'viewer']);

export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.isoDate')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.isoDate',
  );

export const ZFarmInput = z.object({
  name: zSingleLine().min(2).max(80),
  size: z.number().min(MIN_AREA_HA).max(1_000_000),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  elevation: z.number().min(-500).max(9000),
  crop: ZCropKey,
  plantingDate: ZIsoDate,
  soilTexture: zSingleLine().max(40).nullable().optional(),
});
export type TFarmInput = z.infer<typeof ZFarmInput>;
export const ZFarmUpdate = ZFarmInput.partial();

export const ZFarm = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  name: z.string(),
  size: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number(),
  crop: ZCropKey,
  plantingDate: z.string(),
  soilTexture: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's role on this farm. */
  myRole: z.enum(FARM_MEMBER_ROLES),
});
export type TFarm = z.infer<typeof ZFarm>;

export const ZFarmMemberInput = z.object({
  userId: z.number().int().positive().max(MAX_INT4),
  role: ZGrantableFarmRole,
});
export const ZFarmMember = z.object({
  farmId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  role: z.enum(FARM_MEMBER_ROLES),
  createdAt: z.string(),
});
export const ZFarmIdParams = z.object({ id: ZId });
/** One member of one farm: `DELETE /api/farms/:id/members/:userId` (the caller's own id: leave the farm). */
export const ZFarmMemberParams = z.object({ id: ZId, userId: ZId });

/** A decimal typed by a person: '2,5' and '2.5' both read 2.5; empty or other text is NaN (an error below). */
export const parseDecimalInput = (text: unknown) => {
  if (typeof text !== 'string') {
    return text;
  }
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/** The create-farm form: the same rules as the API, from text inputs. */
export const ZFarmForm = ZFarmInput.extend({
  size: z.preprocess(parseDecimalInput, ZFarmInput.shape.size),
  latitude: z.preprocess(parseDecimalInput, ZFarmInput.shape.latitude),
  longitude: z.preprocess(parseDecimalInput, ZFarmInput.shape.longitude),
  elevation: z.preprocess(parseDecimalInput, ZFarmInput.shape.elevation),
});
