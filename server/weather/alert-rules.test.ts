import { describe, expect, it } from 'vitest';
import { weatherAlerts } from './alert-rules';
import { dateAt, forecastDays, input, pastDays, plan, TODAY } from './alert-rules-fixtures';

describe('weatherAlerts', () => {
  it('puts the most urgent first: heat and heavy rain by their day, then dry spell, spray window, planting rains', () => {
    const flowering = plan({ id: 1, plantedDaysAgo: 60 });
    const ripe = plan({ id: 2, plantedDaysAgo: 110 });
    const waiting = plan({ id: 3, status: 'planned', plantedDaysAgo: -10 });
    const alerts = weatherAlerts(
      input({
        plans: [waiting, ripe, flowering],
        soilTexture: 'sand',
        // A dry season broken by 21 mm over the last three days.
        past: pastDays(60, (ago) => ({ rainMm: ago <= 3 ? 7 : 0, et0Mm: 6 })),
        // 25 mm today, then six dry days with a hot one.
        forecast: forecastDays((i) => ({ rainMm: i === 0 ? 25 : 0, et0Mm: 6, tMax: i === 3 ? 37 : 31 })),
        sprayCalls: [{ planId: flowering.id, reason: 'blight' }],
      }),
    );
    expect(alerts.map((a) => [a.kind, a.planId, a.day])).toEqual([
      ['heavy_rain', 2, TODAY],
      ['heat_stress', 1, dateAt(3)],
      ['dry_spell', 1, dateAt(1)],
      ['spray_window', 1, TODAY],
      ['planting_rains', 3, dateAt(-1)],
    ]);
  });

  it('says nothing on ordinary weather', () => {
    expect(weatherAlerts(input({ plans: [plan()] }))).toEqual([]);
  });
});
