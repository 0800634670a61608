// The crop templates: which tasks each crop gets and when, dated by hand from the FAO-56 stages.
import { describe, expect, it } from 'vitest';
import { planCalendar, shiftIsoDate } from './stages';
import { blightSprayTask, MAX_SCOUTING_ROUNDS, planTasks, type TemplateTask } from './tasks-template';

const calendarOf = (crop: Parameters<typeof planCalendar>[0]['crop'], plantingDate: string) =>
  planCalendar({ crop, plantingDate, meanTemperature: null, temperatureDays: 0 });
const ofKind = (tasks: TemplateTask[], kind: TemplateTask['kind']) => tasks.filter((t) => t.kind === kind);
const sorted = (tasks: TemplateTask[]) =>
  tasks.every((t, i) => i === 0 || (tasks[i - 1]?.due ?? '') <= t.due);

describe('maize planted 2026-03-15 (stages 03-15/04-04/05-09/06-18, season end 07-17)', () => {
  const calendar = calendarOf('maize', '2026-03-15');
  const tasks = planTasks('maize', calendar);

  it('prepares the land two weeks ahead, plants and fertilises on the day, fills gaps ten days on', () => {
    expect(ofKind(tasks, 'land_preparation')).toEqual([
      { kind: 'land_preparation', round: null, due: '2026-03-01' },
    ]);
    expect(ofKind(tasks, 'planting')).toEqual([{ kind: 'planting', round: null, due: '2026-03-15' }]);
    expect(ofKind(tasks, 'basal_fertiliser')).toEqual([
      { kind: 'basal_fertiliser', round: null, due: '2026-03-15' },
    ]);
    expect(ofKind(tasks, 'gap_filling')).toEqual([{ kind: 'gap_filling', round: null, due: '2026-03-25' }]);
  });

  it('weeds twice (3 and 6 weeks) and top-dresses in the middle of the development stage (5–6 weeks)', () => {
    expect(ofKind(tasks, 'weeding')).toEqual([
      { kind: 'weeding', round: 1, due: '2026-04-04' },
      { kind: 'weeding', round: 2, due: '2026-04-25' },
    ]);
    expect(ofKind(tasks, 'top_dressing')).toEqual([{ kind: 'top_dressing', round: null, due: '2026-04-21' }]);
  });

  it('scouts every week from emergence (a week after planting) to the end of the mid-season (06-17)', () => {
    const scouting = ofKind(tasks, 'scouting');
    expect(scouting).toHaveLength(13);
    expect(scouting[0]).toEqual({ kind: 'scouting', round: 1, due: '2026-03-22' });
    expect(scouting[12]).toEqual({ kind: 'scouting', round: 13, due: '2026-06-14' });
    expect(scouting.map((t) => t.round)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(scouting.every((t, i) => i === 0 || t.due === shiftIsoDate(scouting[i - 1]?.due ?? '', 7))).toBe(
      true,
    );
  });

  it('harvests when the window opens and dries a week after', () => {
    expect(ofKind(tasks, 'harvest')).toEqual([
      { kind: 'harvest', round: null, due: calendar.expectedHarvest.from },
    ]);
    expect(ofKind(tasks, 'drying_storage')).toEqual([
      { kind: 'drying_storage', round: null, due: '2026-07-24' },
    ]);
  });

  it('is sorted by due date, the work of one day in the season’s order', () => {
    expect(sorted(tasks)).toBe(true);
    expect(tasks.slice(0, 3).map((t) => t.kind)).toEqual([
      'land_preparation',
      'planting',
      'basal_fertiliser',
    ]);
    expect(tasks.at(-1)?.kind).toBe('drying_storage');
    expect(tasks).toHaveLength(3 + 1 + 2 + 1 + 13 + 2);
  });

  it('moves with the planting date: at +10 days every task is 10 days later', () => {
    const moved = planTasks('maize', calendarOf('maize', '2026-03-25'));
    expect(moved).toEqual(tasks.map((t) => ({ ...t, due: shiftIsoDate(t.due, 10) })));
  });
});

describe('other crops', () => {
  it('gives tomato and cabbage, sold fresh, no drying task; groundnut and cocoa one', () => {
    expect(ofKind(planTasks('tomato', calendarOf('tomato', '2026-10-01')), 'drying_storage')).toEqual([]);
    expect(ofKind(planTasks('cabbage', calendarOf('cabbage', '2026-10-01')), 'drying_storage')).toEqual([]);
    expect(
      ofKind(planTasks('groundnut', calendarOf('groundnut', '2026-05-01')), 'drying_storage'),
    ).toHaveLength(1);
    expect(ofKind(planTasks('cocoa', calendarOf('cocoa', '2026-01-01')), 'drying_storage')).toHaveLength(1);
  });

  it('harvests tomato from the start of the late season (2027-01-19), where picking begins', () => {
    const tasks = planTasks('tomato', calendarOf('tomato', '2026-10-01'));
    expect(ofKind(tasks, 'harvest')).toEqual([{ kind: 'harvest', round: null, due: '2027-01-19' }]);
    expect(ofKind(tasks, 'top_dressing')).toHaveLength(1);
  });

  it('gives legumes no nitrogen top-dressing, two weedings', () => {
    const tasks = planTasks('groundnut', calendarOf('groundnut', '2026-05-01'));
    expect(ofKind(tasks, 'top_dressing')).toEqual([]);
    expect(ofKind(tasks, 'weeding').map((t) => t.due)).toEqual(['2026-05-26', '2026-06-16']);
  });

  it('treats a cocoa plan as a season of an established plantation: no land preparation, planting or gap filling', () => {
    const tasks = planTasks('cocoa', calendarOf('cocoa', '2026-01-01'));
    expect(tasks.filter((t) => ['land_preparation', 'planting', 'gap_filling'].includes(t.kind))).toEqual([]);
    expect(ofKind(tasks, 'harvest')).toEqual([{ kind: 'harvest', round: null, due: '2026-09-28' }]);
    expect(ofKind(tasks, 'weeding')).toHaveLength(2);
  });

  it('gives cassava three weedings a month apart and fertiliser once the cuttings have rooted', () => {
    const tasks = planTasks('cassava', calendarOf('cassava', '2026-04-01'));
    expect(ofKind(tasks, 'weeding').map((t) => t.due)).toEqual(['2026-04-21', '2026-05-19', '2026-06-16']);
    expect(ofKind(tasks, 'basal_fertiliser')).toEqual([
      { kind: 'basal_fertiliser', round: null, due: '2026-04-21' },
    ]);
    expect(ofKind(tasks, 'gap_filling')).toEqual([{ kind: 'gap_filling', round: null, due: '2026-04-22' }]);
    expect(ofKind(tasks, 'drying_storage')).toEqual([]);
  });

  it('caps scouting of a long crop by widening the interval, still to the end of the mid-season', () => {
    // Cocoa: mid-season ends 2026-09-27; weekly from 01-08 would be 38 rounds, so every two weeks: 19 rounds.
    const scouting = ofKind(planTasks('cocoa', calendarOf('cocoa', '2026-01-01')), 'scouting');
    expect(scouting).toHaveLength(19);
    expect(scouting[1]?.due).toBe('2026-01-22');
    expect(scouting.at(-1)?.due).toBe('2026-09-17');
    const banana = ofKind(planTasks('banana', calendarOf('banana', '2026-03-01')), 'scouting');
    expect(banana.length).toBeLessThanOrEqual(MAX_SCOUTING_ROUNDS);
  });
});

describe('blight spray', () => {
  it('is a spray the day after a high risk on a blight host (potato, tomato), nothing on other crops', () => {
    expect(blightSprayTask('potato', '2026-06-30')).toEqual({
      kind: 'spray',
      round: null,
      due: '2026-07-01',
    });
    expect(blightSprayTask('tomato', '2026-12-31')).toEqual({
      kind: 'spray',
      round: null,
      due: '2027-01-01',
    });
    expect(blightSprayTask('maize', '2026-06-30')).toBeNull();
    expect(blightSprayTask('cocoa', '2026-06-30')).toBeNull();
  });
});
