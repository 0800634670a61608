import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours';

// Douala is UTC+1 all year; Accra UTC+0.
const night = { start: '21:00', end: '06:00', timeZone: 'Africa/Douala' };

describe('quietUntil', () => {
  it('holds a message sent late in the evening until the morning, in the user’s time zone', () => {
    // 22:30 in Douala is 21:30 UTC; quiet until 06:00 Douala = 05:00 UTC next day.
    expect(quietUntil(new Date('2026-11-24T21:30:00Z'), night)?.toISOString()).toBe(
      '2026-11-25T05:00:00.000Z',
    );
  });

  it('holds one sent after midnight until 06:00 the same morning', () => {
    expect(quietUntil(new Date('2026-11-25T02:10:45Z'), night)?.toISOString()).toBe(
      '2026-11-25T05:00:00.000Z',
    );
  });

  it('lets a message go outside the quiet hours, and at their very end', () => {
    expect(quietUntil(new Date('2026-11-24T12:00:00Z'), night)).toBeNull();
    expect(quietUntil(new Date('2026-11-25T05:00:00Z'), night)).toBeNull();
    expect(quietUntil(new Date('2026-11-24T19:59:00Z'), night)).toBeNull();
  });

  it('counts the start as quiet', () => {
    expect(quietUntil(new Date('2026-11-24T20:00:00Z'), night)?.toISOString()).toBe(
      '2026-11-25T05:00:00.000Z',
    );
  });

  it('handles quiet hours within one day (a siesta) and another time zone', () => {
    const siesta = { start: '13:00', end: '15:30', timeZone: 'Africa/Accra' };
    expect(quietUntil(new Date('2026-11-24T14:00:00Z'), siesta)?.toISOString()).toBe(
      '2026-11-24T15:30:00.000Z',
    );
    expect(quietUntil(new Date('2026-11-24T15:30:00Z'), siesta)).toBeNull();
    expect(quietUntil(new Date('2026-11-24T12:59:00Z'), siesta)).toBeNull();
  });
});
