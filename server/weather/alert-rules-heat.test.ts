import { describe, expect, it } from 'vitest';
import { dateAt, forecastDays, input, laterHours, nextDay, plan } from './alert-rules-fixtures';
import { heatStressAlerts } from './alert-rules-heat';

// Maize 35 °C (UNL CropWatch 2019), groundnut 34 °C (Prasad et al. 1999), tomato 32 °C (Sato et al. 2000).
describe('heat_stress', () => {
  // Planted 60 days ago: FAO-56 mid-season (flowering) from day 55 to day 94.
  const flowering = plan({ plantedDaysAgo: 60 });
  const hot = (tMax: number, on = 3) => forecastDays((i) => (i === on ? { tMax } : {}));

  it('fires on the first forecast day above the crop threshold while it flowers', () => {
    expect(heatStressAlerts(input({ plans: [flowering], forecast: hot(36.04) }))).toEqual([
      {
        kind: 'heat_stress',
        planId: flowering.id,
        lotId: null,
        crop: 'maize',
        plotName: 'North field',
        day: dateAt(3),
        facts: { tMax: 36, threshold: 35, date: dateAt(3) },
      },
    ]);
  });

  it('does not fire at the threshold itself', () => {
    expect(heatStressAlerts(input({ plans: [flowering], forecast: hot(35) }))).toEqual([]);
  });

  it('uses each crop its own threshold, and none for a crop without a confirmed source', () => {
    const crops = (crop: string, tMax: number) =>
      heatStressAlerts(input({ plans: [{ ...flowering, crop }], forecast: hot(tMax) })).map(
        (a) => a.facts.threshold,
      );
    expect(crops('groundnut', 34.5)).toEqual([34]);
    expect(crops('tomato', 32.5)).toEqual([32]);
    expect(crops('tomato', 32)).toEqual([]);
    expect(crops('rice', 40)).toEqual([]);
    expect(crops('my own maize', 40)).toEqual([]);
  });

  it('fires when flowering starts within the forecast, not on a hot day before it', () => {
    // Planted 51 days ago: mid-season starts in 4 days.
    const budding = plan({ plantedDaysAgo: 51 });
    expect(heatStressAlerts(input({ plans: [budding], forecast: hot(38, 5) })).map((a) => a.day)).toEqual([
      dateAt(5),
    ]);
    expect(heatStressAlerts(input({ plans: [budding], forecast: hot(38, 3) }))).toEqual([]);
  });

  it('does not fire for a plan not yet sown', () => {
    const planned = { ...flowering, status: 'planned' as const };
    expect(heatStressAlerts(input({ plans: [planned], forecast: hot(40) }))).toEqual([]);
  });

  it('keeps its day over the next hours and the next day', () => {
    const base = input({ plans: [flowering], forecast: hot(37) });
    expect(heatStressAlerts(laterHours(base, 1)).map((a) => a.day)).toEqual([dateAt(3)]);
    expect(heatStressAlerts(nextDay(base)).map((a) => a.day)).toEqual([dateAt(3)]);
  });
});
