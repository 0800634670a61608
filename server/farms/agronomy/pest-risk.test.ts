// Tests of the window assessments behind the pest risk: late blight pairs, TOMCAST sums, insect generations, sightings.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { type DailyWeather, emptyCounts } from './daily';
import { FALL_ARMYWORM } from './insects';
import { assessEarlyBlight, assessInsect, assessLateBlight, summariseSightings } from './pest-risk';

function day(
  date: string,
  tmin: number,
  humidHours: number,
  overrides: Partial<DailyWeather> = {},
): DailyWeather {
  return {
    dayNumber: Date.parse(`${date}T00:00:00Z`) / DAY_MS,
    date,
    tmax: tmin + 10,
    tmin,
    temperatureSource: 'hourly',
    rhmax: 98,
    rhmin: 60,
    rhmean: 80,
    humidityHours: 24,
    rainfall: 0,
    windSpeed: 2,
    solarRadiation: 15,
    sunshineHours: null,
    soilMoisture: null,
    hoursRhAtLeast90: humidHours,
    meanTempRhAtLeast90: humidHours > 0 ? tmin + 2 : null,
    counts: emptyCounts(),
    ...overrides,
  };
}

describe('assessLateBlight', () => {
  it('finds the most severe period whose second day is in the window', () => {
    const before = day('2024-06-01', 12, 12);
    const week = [
      day('2024-06-02', 12, 11),
      day('2024-06-03', 8, 3),
      day('2024-06-04', 11, 7),
      day('2024-06-05', 11, 6),
      day('2024-06-06', 9, 2),
      day('2024-06-07', 9, 2),
      day('2024-06-08', 9, 2),
    ];
    const result = assessLateBlight(before, week);
    expect(result).toMatchObject({
      period: 'full_smith',
      date: '2024-06-02',
      score: 1,
      pairsEvaluated: 7,
      pairs: 7,
    });
    expect(assessLateBlight(undefined, week.slice(2))).toMatchObject({ period: 'hutton', score: 0.85 });
  });

  it('skips pairs without enough hourly humidity unless the criteria are met anyway', () => {
    const sparse = [
      day('2024-06-02', 12, 2, { humidityHours: 4 }),
      day('2024-06-03', 12, 2, { humidityHours: 4 }),
    ];
    expect(assessLateBlight(undefined, sparse).pairsEvaluated).toBe(0);
    const wet = [
      day('2024-06-02', 12, 11, { humidityHours: 12 }),
      day('2024-06-03', 12, 12, { humidityHours: 12 }),
    ];
    expect(assessLateBlight(undefined, wet)).toMatchObject({ period: 'full_smith', pairsEvaluated: 1 });
  });
});

describe('assessEarlyBlight', () => {
  it('sums TOMCAST values over days with hourly humidity', () => {
    const week = [
      day('2024-06-02', 20, 14),
      day('2024-06-03', 20, 14),
      day('2024-06-04', 20, 14),
      day('2024-06-05', 20, 14),
      day('2024-06-06', 20, 14),
      day('2024-06-07', 20, 0),
      undefined,
    ];
    // Mean temperature during wet hours 22 °C, 14 h: DSV 3 per day.
    expect(assessEarlyBlight(week)).toEqual({ dsvSum: 15, riskClass: 3, score: 0.75, daysEvaluated: 6 });
  });
});

describe('assessInsect', () => {
  it('counts generations since the biofix and the monthly rate of the window', () => {
    const warm = Array.from({ length: 30 }, (_, i) =>
      day(`2024-06-${String(i + 1).padStart(2, '0')}`, 23.01, 0, { tmax: 23.01 }),
    );
    const result = assessInsect(FALL_ARMYWORM, warm, warm.slice(-7));
    // 10 degree days a day: 300 over 30 days.
    expect(result.generations).toBeCloseTo(300 / 391.02, 9);
    expect(result.generationsPerMonth).toBeCloseTo(300 / 391.02, 9);
    expect(result.windowDays).toBe(7);
    expect(result.score).toBeCloseTo(300 / 391.02, 9);
    expect(assessInsect(FALL_ARMYWORM, [], [undefined])).toMatchObject({ score: 0, windowDays: 0 });
  });
});

describe('summariseSightings', () => {
  it('keeps the highest severity per pest, names compared case-insensitively, severity held to 0–3', () => {
    const result = summariseSightings([
      {
        date: '2024-06-01',
        pests: [
          { name: 'Aphids', severity: 1 },
          { name: ' ', severity: 3 },
        ],
      },
      {
        date: '2024-06-05',
        pests: [
          { name: 'aphids', severity: 2 },
          { name: 'Stem borer', severity: 9 },
        ],
      },
      {
        date: '2024-06-07',
        pests: [
          { name: 'APHIDS', severity: 2 },
          { name: 'Thrips', severity: Number.NaN },
        ],
      },
    ]);
    expect(result).toEqual([
      { name: 'APHIDS', severity: 2, date: '2024-06-07' },
      { name: 'Stem borer', severity: 3, date: '2024-06-05' },
    ]);
  });
});
