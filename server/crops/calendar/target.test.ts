// Planning backwards: the area a quantity takes and the latest planting date for a harvest date.
import { describe, expect, it } from 'vitest';
import { planCalendar } from './stages';
import { planTarget } from './target';

// Maize planted 2026-03-15: its harvest window opens 2026-07-17, 124 days on.
const calendar = planCalendar({
  crop: 'maize',
  plantingDate: '2026-03-15',
  meanTemperature: null,
  temperatureDays: 0,
});
const base = { perHectare: 1.68, plantingDate: '2026-03-15', calendar };

describe('plan target', () => {
  it('is null when neither a quantity nor a date is asked for', () => {
    expect(planTarget({ ...base, targetQuantity: null, targetDate: null, plotArea: 2 })).toBeNull();
  });

  it('says the area a quantity takes at the expected yield, and whether the plot has it', () => {
    // 5 t / 1.68 t/ha = 2.976 ha.
    expect(planTarget({ ...base, targetQuantity: 5, targetDate: null, plotArea: 2 })).toEqual({
      quantity: 5,
      areaNeeded: 2.98,
      fitsPlot: false,
      date: null,
      plantBy: null,
    });
    expect(planTarget({ ...base, targetQuantity: 5, targetDate: null, plotArea: 3 })?.fitsPlot).toBe(true);
    expect(planTarget({ ...base, targetQuantity: 3.36, targetDate: null, plotArea: 2 })).toMatchObject({
      areaNeeded: 2,
      fitsPlot: true,
    });
  });

  it('says the latest planting date whose harvest window opens by the target date', () => {
    // 2026-08-01 − 124 days = 2026-03-30.
    expect(planTarget({ ...base, targetQuantity: null, targetDate: '2026-08-01', plotArea: 2 })).toEqual({
      quantity: null,
      areaNeeded: null,
      fitsPlot: null,
      date: '2026-08-01',
      plantBy: '2026-03-30',
    });
  });

  it('answers both at once, and no area for a yield of zero', () => {
    expect(
      planTarget({ ...base, perHectare: 0, targetQuantity: 5, targetDate: '2026-07-17', plotArea: 2 }),
    ).toEqual({ quantity: 5, areaNeeded: null, fitsPlot: null, date: '2026-07-17', plantBy: '2026-03-15' });
  });
});
