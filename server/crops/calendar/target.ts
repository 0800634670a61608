// Planning backwards from a harvest target: the area a quantity takes, and the latest planting date for a harvest date.
import type { TPlanTarget } from '../../../contract/crop-plans';
import { round } from '../../farms';
import { daysBetween, type PlanCalendar, shiftIsoDate } from './stages';

/**
 * What a target asks of the plan (farmOS #29): the hectares `targetQuantity` tons take at the expected yield per
 * hectare (and whether the plot has them), and the latest planting date whose harvest window opens by
 * `targetDate` — the calendar's planting-to-harvest days counted back from it (the degree-day factor does not depend
 * on the date, so the span holds for any planting date). Null when neither target is given.
 */
export function planTarget(input: {
  targetQuantity: number | null;
  targetDate: string | null;
  perHectare: number;
  plotArea: number;
  plantingDate: string;
  calendar: PlanCalendar;
}): TPlanTarget | null {
  const { targetQuantity: quantity, targetDate: date } = input;
  if (quantity === null && date === null) {
    return null;
  }
  // A yield of zero (a crop with no figure at all) takes no finite area: the answer says so by null, not Infinity.
  const areaNeeded = quantity !== null && input.perHectare > 0 ? round(quantity / input.perHectare, 2) : null;
  const toHarvest = daysBetween(input.plantingDate, input.calendar.expectedHarvest.from);
  return {
    quantity,
    areaNeeded,
    fitsPlot: areaNeeded === null ? null : areaNeeded <= input.plotArea,
    date,
    plantBy: date === null ? null : shiftIsoDate(date, -toHarvest),
  };
}
