// Properties of every crop's calendar and tasks for any planting date and any measured warmth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAGE_KEYS } from '../../../contract/crop-plans';
import { CROP_KEYS } from '../../../contract/crops';
import { daysBetween, MAX_STAGE_FACTOR, planCalendar, shiftIsoDate } from './stages';
import { planTasks } from './tasks-template';

const EPOCH_2000 = '2000-01-01';
const arbitraryInput = fc.record({
  crop: fc.constantFrom(...CROP_KEYS),
  plantingDate: fc.integer({ min: 0, max: 100 * 365 }).map((d) => shiftIsoDate(EPOCH_2000, d)),
  meanTemperature: fc.option(fc.double({ min: -10, max: 45, noNaN: true })),
  temperatureDays: fc.integer({ min: 0, max: 400 }),
});

describe('every crop calendar', () => {
  it('has its four stages in order, contiguous from the planting date, and its harvest window after planting', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { stages, expectedHarvest, basis } = planCalendar(input);
        expect(stages.map((s) => s.key)).toEqual([...STAGE_KEYS]);
        expect(stages[0]?.start).toBe(input.plantingDate);
        stages.forEach((stage, i) => {
          expect(daysBetween(stage.start, stage.end)).toBeGreaterThanOrEqual(0);
          const previous = stages[i - 1];
          if (previous !== undefined) {
            expect(daysBetween(previous.end, stage.start)).toBe(1);
          }
        });
        expect(daysBetween(input.plantingDate, expectedHarvest.from)).toBeGreaterThan(0);
        expect(daysBetween(expectedHarvest.from, expectedHarvest.to)).toBeGreaterThan(0);
        expect(basis.factor).toBeGreaterThanOrEqual(1);
        expect(basis.factor).toBeLessThanOrEqual(MAX_STAGE_FACTOR);
      }),
    );
  });

  it('moves every stage, harvest and task date by the days the planting date moves', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: -400, max: 400 }), (input, days) => {
        const before = planCalendar(input);
        const after = planCalendar({ ...input, plantingDate: shiftIsoDate(input.plantingDate, days) });
        expect(after.stages).toEqual(
          before.stages.map((s) => ({
            ...s,
            start: shiftIsoDate(s.start, days),
            end: shiftIsoDate(s.end, days),
          })),
        );
        expect(after.expectedHarvest.from).toBe(shiftIsoDate(before.expectedHarvest.from, days));
        expect(planTasks(input.crop, after)).toEqual(
          planTasks(input.crop, before).map((t) => ({ ...t, due: shiftIsoDate(t.due, days) })),
        );
      }),
    );
  });

  it('makes tasks sorted by due date, with the harvest on the window’s first day, none after the drying', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const calendar = planCalendar(input);
        const tasks = planTasks(input.crop, calendar);
        tasks.forEach((task, i) => {
          expect(i === 0 || (tasks[i - 1]?.due ?? '') <= task.due).toBe(true);
        });
        expect(tasks.filter((t) => t.kind === 'harvest')).toEqual([
          { kind: 'harvest', round: null, due: calendar.expectedHarvest.from },
        ]);
        const last = tasks.at(-1)?.kind;
        expect(last === 'harvest' || last === 'drying_storage').toBe(true);
      }),
    );
  });
});
