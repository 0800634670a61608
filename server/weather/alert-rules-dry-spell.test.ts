import { describe, expect, it } from 'vitest';
import { drySpellAlerts } from './alert-rules-dry-spell';
import {
  dateAt,
  forecastDays,
  input,
  laterHours,
  nextDay,
  pastDays,
  plan,
  TODAY,
} from './alert-rules-fixtures';

// Five forecast dry days over flowering (FAO-33), with the FAO-56 water balance past RAW.
describe('dry_spell', () => {
  // Planted 60 days ago: FAO-56 mid-season from day 55 to day 94.
  const flowering = plan({ plantedDaysAgo: 60 });
  /** Rain of 10 mm a day until yesterday (root zone at field capacity), then `dry` dry forecast days; ET0 6 mm. */
  const spell = (dry: number, patch: Parameters<typeof input>[0] = {}) =>
    input({
      plans: [flowering],
      soilTexture: 'sand',
      past: pastDays(60, () => ({ rainMm: 10, et0Mm: 6 })),
      forecast: forecastDays((i) => ({ rainMm: i < dry ? 0 : 10, et0Mm: 6 })),
      ...patch,
    });

  it('fires with the irrigation the water balance asks for at the end of the spell', () => {
    // Sand (TAW 75 mm at 1 m), Kc 1.2: ETc 7.2 mm a day, RAW 34.65 mm passed on day 5; Ks < 1 after that (eq. 84).
    expect(drySpellAlerts(spell(7))).toEqual([
      {
        kind: 'dry_spell',
        planId: flowering.id,
        lotId: null,
        crop: 'maize',
        plotName: 'North field',
        day: TODAY,
        facts: { days: 7, from: TODAY, irrigationMm: 49 },
      },
    ]);
  });

  it('does not fire on four dry days', () => {
    expect(drySpellAlerts(spell(4))).toEqual([]);
  });

  it('does not fire when the root zone holds enough water (loam: RAW 60 mm, 50 mm used)', () => {
    expect(drySpellAlerts(spell(7, { soilTexture: 'loam' }))).toEqual([]);
  });

  it('fires when flowering starts within the forecast, not before the crop is near it', () => {
    // Planted 52 days ago: mid-season starts in 3 days.
    expect(drySpellAlerts(spell(7, { plans: [plan({ plantedDaysAgo: 52 })] }))).toHaveLength(1);
    expect(drySpellAlerts(spell(7, { plans: [plan({ plantedDaysAgo: 20 })] }))).toEqual([]);
  });

  it('does not fire for a crop whose flowering is not its sensitive stage, or a plan not sown', () => {
    expect(drySpellAlerts(spell(7, { plans: [{ ...flowering, crop: 'cassava' }] }))).toEqual([]);
    expect(drySpellAlerts(spell(7, { plans: [{ ...flowering, status: 'planned' }] }))).toEqual([]);
  });

  it('does not count days without data as dry', () => {
    const unknown = forecastDays((i) => ({ rainMm: i < 4 ? 0 : null, et0Mm: 6 }));
    expect(drySpellAlerts(spell(7, { forecast: unknown }))).toEqual([]);
  });

  it('keeps its first day when the spell goes on into the next hours and days', () => {
    const base = spell(7);
    expect(drySpellAlerts(laterHours(base, 1)).map((a) => a.day)).toEqual([TODAY]);
    const tomorrow = nextDay(base, { rainMm: 0, et0Mm: 6 });
    expect(drySpellAlerts(tomorrow).map((a) => [a.day, a.facts.from, a.facts.days])).toEqual([
      [TODAY, TODAY, 8],
    ]);
    expect(dateAt(1)).toBe(tomorrow.today);
  });
});
