import { describe, expect, it } from 'vitest';
import { weatherAlerts } from './alert-rules';
import { dateAt, forecastDays, input, laterHours, nextDay, pastDays, plan } from './alert-rules-fixtures';
import { heavyRainAlerts, plantingRainsAlerts } from './alert-rules-rain';

// Sivakumar (1988): 20 mm over 3 days, no dry spell of more than 7 days after them.
describe('planting_rains', () => {
  const waiting = plan({ status: 'planned', plantedDaysAgo: -10 });
  /** A dry season broken by `rain` mm over the last three days (3, 2 and 1 days ago); showers every other day ahead. */
  const onsetInput = (rain: [number, number, number]) =>
    input({
      plans: [waiting],
      past: pastDays(60, (ago) => ({ rainMm: ago <= 3 ? rain[3 - ago] : 0 })),
      forecast: forecastDays((i) => ({ rainMm: i % 2 === 0 ? 3 : 0 })),
    });

  it('fires when 20 mm fell over three days and no long dry spell is forecast', () => {
    expect(weatherAlerts(onsetInput([8, 7, 6]))).toEqual([
      {
        kind: 'planting_rains',
        planId: waiting.id,
        lotId: null,
        crop: 'maize',
        plotName: 'North field',
        day: dateAt(-1),
        facts: { rainMm: 21, days: 3 },
      },
    ]);
  });

  it('does not fire just under 20 mm', () => {
    expect(plantingRainsAlerts(onsetInput([8, 6, 5.9]))).toEqual([]);
  });

  it('does not fire for a plan already sown', () => {
    const base = onsetInput([8, 7, 6]);
    expect(plantingRainsAlerts({ ...base, plans: [{ ...waiting, status: 'active' }] })).toEqual([]);
  });

  it('does not fire when a dry spell of more than 7 days follows, and does at 7', () => {
    const spell = (dryAhead: number) =>
      input({
        plans: [waiting],
        // 20 mm three days ago, then dry: two past days and `dryAhead` forecast days.
        past: pastDays(60, (ago) => ({ rainMm: ago === 3 ? 20 : 0 })),
        forecast: forecastDays((i) => ({ rainMm: i < dryAhead ? 0 : 3 })),
      });
    expect(plantingRainsAlerts(spell(6))).toEqual([]);
    expect(plantingRainsAlerts(spell(5))).toHaveLength(1);
  });

  it('keeps its day over the next hours and days, and is no news after three days', () => {
    const base = onsetInput([8, 7, 6]);
    const days = (i: typeof base) => plantingRainsAlerts(i).map((a) => a.day);
    expect(days(laterHours(base, 1))).toEqual([dateAt(-1)]);
    const tomorrow = nextDay(base, { rainMm: 3 });
    expect(days(tomorrow)).toEqual([dateAt(-1)]);
    expect(days(nextDay(tomorrow, { rainMm: 3 }))).toEqual([dateAt(-1)]);
    expect(days(nextDay(nextDay(nextDay(tomorrow))))).toEqual([]);
  });
});

// ETCCDI R20mm: a day with 20 mm or more.
describe('heavy_rain', () => {
  // Planted 110 days ago: in its late stage, harvest window opening in 14 days.
  const ripe = plan({ plantedDaysAgo: 110 });
  const storm = (mm: number) => forecastDays((i) => (i === 2 ? { rainMm: mm } : {}));

  it('fires on the nearest day with 20 mm on a crop near harvest', () => {
    expect(heavyRainAlerts(input({ plans: [ripe], forecast: storm(20) }))).toEqual([
      {
        kind: 'heavy_rain',
        planId: ripe.id,
        lotId: null,
        crop: 'maize',
        plotName: 'North field',
        day: dateAt(2),
        facts: { rainMm: 20, date: dateAt(2) },
      },
    ]);
  });

  it('does not fire just under 20 mm', () => {
    expect(heavyRainAlerts(input({ plans: [ripe], forecast: storm(19.9) }))).toEqual([]);
  });

  it('fires from 14 days before the harvest window, not 15, and not mid-season', () => {
    const growing = plan({ plantedDaysAgo: 60 });
    const opening = (days: number) => ({
      ...growing,
      expectedHarvest: { from: dateAt(days), to: dateAt(days + 14) },
    });
    expect(heavyRainAlerts(input({ plans: [opening(14)], forecast: storm(30) }))).toHaveLength(1);
    expect(heavyRainAlerts(input({ plans: [opening(15)], forecast: storm(30) }))).toEqual([]);
    expect(heavyRainAlerts(input({ plans: [growing], forecast: storm(30) }))).toEqual([]);
  });

  it('fires once per drying lot, with its moisture', () => {
    const lots = [{ lotId: 7, crop: 'cocoa', moisture: 18.04 }];
    expect(heavyRainAlerts(input({ dryingLots: lots, forecast: storm(25) }))).toEqual([
      {
        kind: 'heavy_rain',
        planId: null,
        lotId: 7,
        crop: 'cocoa',
        plotName: null,
        day: dateAt(2),
        facts: { rainMm: 25, date: dateAt(2), moisture: 18 },
      },
    ]);
  });

  it('keeps its day over the next hours and the next day', () => {
    const base = input({ plans: [ripe], forecast: storm(25) });
    expect(heavyRainAlerts(laterHours(base, 1)).map((a) => a.day)).toEqual([dateAt(2)]);
    expect(heavyRainAlerts(nextDay(base)).map((a) => a.day)).toEqual([dateAt(2)]);
  });
});
