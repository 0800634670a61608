// Seasons (a year's halves, as two rainy seasons fall in the south of Cameroon, Ghana and Côte d'Ivoire) and a plan's status.
import type { PlanStatus } from '../../../contract/crop-plans';

const SEASON = /^(\d{4})(?:-([12]))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-\d{2}$/;

/**
 * The half-year a plan belongs to by its planting date: '2026-1' planted January–June (the major rainy season in the
 * south), '2026-2' planted July–December (the minor one). A fixed split rather than the rains' real dates, which
 * differ by region and year, so a season names the same plans for every farm.
 */
export function seasonOf(plantingDate: string): string {
  const match = ISO_DATE.exec(plantingDate);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) {
    throw new RangeError(`not a calendar date: ${plantingDate}`);
  }
  return `${match[1]}-${month <= 6 ? 1 : 2}`;
}

/** The planting dates a season filter covers, both ends included: a year ('2026') or one of its halves ('2026-1'). */
export function seasonBounds(season: string): { from: string; to: string } {
  const match = SEASON.exec(season);
  if (!match) {
    throw new RangeError(`not a season: ${season}`);
  }
  const year = match[1];
  switch (match[2]) {
    case '1':
      return { from: `${year}-01-01`, to: `${year}-06-30` };
    case '2':
      return { from: `${year}-07-01`, to: `${year}-12-31` };
    default:
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}

/**
 * The status a plan shows: a planned plan is active once its planting date has come (≤ today) or any of its tasks
 * is done — the farmer has started, whatever the calendar says. Harvested and abandoned are the farmer's word and
 * stay; an active plan never goes back to planned (a planting date moved later does not undo the work).
 */
export function derivedStatus(input: {
  stored: PlanStatus;
  plantingDate: string;
  today: string;
  anyTaskDone: boolean;
}): PlanStatus {
  if (input.stored !== 'planned') {
    return input.stored;
  }
  return input.plantingDate <= input.today || input.anyTaskDone ? 'active' : 'planned';
}
