import { describe, expect, it } from 'vitest';
import { dateAt, hoursFrom, input, laterHours, plan, TODAY } from './alert-rules-fixtures';
import { SPRAY_WIND_LIMIT_MS, sprayWindowAlerts, windAt2m } from './alert-rules-spray';

// Six hours without rain and wind under 10 mph at 2 m (US EPA label statement; FAO-56 eq. 47 from 10 m).
describe('spray_window', () => {
  const potatoes = plan({ crop: 'potato' });
  const calls = [{ planId: potatoes.id, reason: 'blight' as const }];

  it('converts 10 m wind to 2 m as FAO-56 Example 14 does (3.2 m/s at 10 m is 2.4 m/s at 2 m)', () => {
    expect(windAt2m(3.2)).toBeCloseTo(2.4, 1);
  });

  it('fires at the first six dry, calm hours starting from 06:00 local', () => {
    expect(sprayWindowAlerts(input({ plans: [potatoes], sprayCalls: calls }))).toEqual([
      {
        kind: 'spray_window',
        planId: potatoes.id,
        lotId: null,
        crop: 'potato',
        plotName: 'North field',
        day: TODAY,
        // 06:00–12:00 in UTC+1.
        facts: { from: `${TODAY}T05:00:00.000Z`, to: `${TODAY}T11:00:00.000Z`, windMs: 1.5 },
      },
    ]);
  });

  it('takes wind just under the label limit at 2 m, and not just over it', () => {
    const limitAt10m = SPRAY_WIND_LIMIT_MS / windAt2m(1);
    const windy = (wind: number) =>
      sprayWindowAlerts(input({ plans: [potatoes], sprayCalls: calls, hours: hoursFrom(() => ({ wind })) }));
    expect(windy(limitAt10m - 0.05)).toHaveLength(1);
    expect(windy(limitAt10m + 0.05)).toEqual([]);
  });

  it('moves past an hour with 0.1 mm of rain, and past the afternoon to the next morning', () => {
    const showers = (wet: (i: number) => boolean) =>
      sprayWindowAlerts(
        input({
          plans: [potatoes],
          sprayCalls: calls,
          hours: hoursFrom((i) => (wet(i) ? { rain: 0.1 } : {})),
        }),
      ).map((a) => a.facts.from);
    expect(showers((i) => i === 8)).toEqual([`${TODAY}T08:00:00.000Z`]);
    expect(showers((i) => i === 4)).toEqual([`${TODAY}T05:00:00.000Z`]);
    // Wet from 06:00 to 21:59 today: no window may start after 16:00, so tomorrow at 06:00.
    expect(showers((i) => i >= 6 && i <= 21)).toEqual([`${dateAt(1)}T05:00:00.000Z`]);
  });

  it('does not fire when the forecast has no window', () => {
    const wet = hoursFrom(() => ({ rain: 0.4 }));
    expect(sprayWindowAlerts(input({ plans: [potatoes], sprayCalls: calls, hours: wet }))).toEqual([]);
    const unknown = hoursFrom(() => ({ wind: null }));
    expect(sprayWindowAlerts(input({ plans: [potatoes], sprayCalls: calls, hours: unknown }))).toEqual([]);
  });

  it('does not fire without a call for a spray, and once for a plan called twice', () => {
    expect(sprayWindowAlerts(input({ plans: [potatoes] }))).toEqual([]);
    const twice = [...calls, { planId: potatoes.id, reason: 'task' as const }];
    expect(sprayWindowAlerts(input({ plans: [potatoes], sprayCalls: twice }))).toHaveLength(1);
  });

  it('keeps its day when the next hours come', () => {
    const base = input({ plans: [potatoes], sprayCalls: calls });
    // At 07:00 and 08:00 local the first window starts then, on the same day.
    expect(sprayWindowAlerts(laterHours(base, 7)).map((a) => a.day)).toEqual([TODAY]);
    expect(sprayWindowAlerts(laterHours(base, 8)).map((a) => a.day)).toEqual([TODAY]);
  });
});
