// The crop screen's forms from text inputs ('2,5' or '2.5'), checked with the API's own rules before they are
// sent; the harvest's uses must add up to its quantity, as the server refuses them otherwise.
import { z } from 'zod';
import {
  HARVEST_USES,
  type HarvestUse,
  INPUT_KINDS,
  type TPlanInputInput,
  ZCropPlanInput,
  ZCropPlanUpdate,
  ZHarvestInput,
  ZPlanInputInput,
  ZPlotInput,
  ZTaskInput,
} from '../../../contract/crop-plans';
import { parseDecimalInput } from '../../../contract/farms';
import { GRADES } from '../../../contract/marketplace-constants';

/** An optional decimal field: empty reads as absent (null), else the decimal it holds (NaN when it is not one). */
const optionalDecimal = (text: unknown) =>
  typeof text === 'string' && text.trim() === '' ? null : parseDecimalInput(text);
const emptyAsNull = (text: unknown) => (text === '' ? null : text);

export const ZPlotForm = ZPlotInput.extend({
  area: z.preprocess(parseDecimalInput, ZPlotInput.shape.area),
});

/** A plan's variety (emptied: none) and area changed. */
export const ZPlanChangeForm = z.object({
  variety: ZCropPlanUpdate.shape.variety,
  area: z.preprocess(parseDecimalInput, ZCropPlanInput.shape.area),
});

/** The farmer's own task: who does it is a member's id picked as text (empty: nobody yet). */
export const ZTaskForm = ZTaskInput.omit({ planId: true }).extend({
  assigneeId: z.preprocess((v) => (v === '' ? null : Number(v)), ZTaskInput.shape.assigneeId),
});

/** Step 2 of "New plan": the plot comes from step 1 (as text), the target is optional. */
export const ZPlanForm = ZCropPlanInput.extend({
  plotId: z.preprocess((v) => Number(v), ZCropPlanInput.shape.plotId),
  area: z.preprocess(parseDecimalInput, ZCropPlanInput.shape.area),
  targetQuantity: z.preprocess(optionalDecimal, ZCropPlanInput.shape.targetQuantity),
  targetDate: z.preprocess(emptyAsNull, ZCropPlanInput.shape.targetDate),
});

/** An input bought for the plan: booked as a farm expense of `cost` on `date`. */
export const ZInputForm = z
  .object({
    kind: z.enum(INPUT_KINDS),
    name: z.string(),
    quantity: z.preprocess(optionalDecimal, z.number().positive().max(1_000_000).nullable()),
    unit: z.string(),
    cost: z.string(),
    date: z.string(),
  })
  .transform((v): TPlanInputInput => v)
  .pipe(ZPlanInputInput);

const harvestUse = () => z.preprocess(optionalDecimal, z.number().min(0).nullable());
const useFields = {
  sold: harvestUse(),
  home: harvestUse(),
  feed: harvestUse(),
  stored: harvestUse(),
  lost: harvestUse(),
} satisfies Record<HarvestUse, unknown>;

/** Thousandths of a unit: the precision the server compares a harvest's uses at. */
const milli = (value: number) => Math.round(value * 1000);

/** The uses given add up to the quantity (to a thousandth of its unit), or none is given (all stored, then). */
export function usesAddUp(quantity: number, uses: Partial<Record<HarvestUse, number | null>>): boolean {
  const given = HARVEST_USES.map((use) => uses[use]).filter(
    (v): v is number => v !== null && v !== undefined,
  );
  if (given.length === 0) {
    return true;
  }
  return given.reduce((total, value) => total + milli(value), 0) === milli(quantity);
}

export const ZHarvestForm = z
  .object({
    date: ZHarvestInput.shape.date,
    quantity: z.preprocess(parseDecimalInput, ZHarvestInput.shape.quantity),
    unit: ZHarvestInput.shape.unit,
    grade: z.preprocess(emptyAsNull, z.enum(GRADES).nullable()),
    moisture: z.preprocess(optionalDecimal, z.number().min(0).max(100).nullable()),
    final: z.enum(['yes', 'no']),
    ...useFields,
  })
  .superRefine((v, ctx) => {
    if (!usesAddUp(v.quantity, v)) {
      ctx.addIssue({ code: 'custom', message: 'crops.errors.usesDontAddUp', path: ['sold'] });
    }
  })
  .transform((v) => {
    const uses: Partial<Record<HarvestUse, number>> = {};
    for (const use of HARVEST_USES) {
      const value = v[use];
      if (value !== null) {
        uses[use] = value;
      }
    }
    return {
      date: v.date,
      quantity: v.quantity,
      unit: v.unit,
      grade: v.grade,
      moisture: v.moisture,
      final: v.final === 'yes',
      ...(Object.keys(uses).length > 0 ? { uses } : {}),
    };
  });
