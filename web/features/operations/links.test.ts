import { describe, expect, it } from 'vitest';
import { daysSince, orderHref, ordersWithStatus } from './links';

describe('operations links', () => {
  it('points at the orders screen', () => {
    expect(ordersWithStatus('in_transit')).toBe('/orders?status=in_transit');
    expect(orderHref(42)).toBe('/orders?order=42');
  });

  it('counts calendar days waited in the reader’s time zone, as the date beside it reads', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    // Since 6 March, read on 10 March: 4 days, whatever the hours.
    expect(daysSince('2026-03-06T13:00:00Z', now, 'UTC')).toBe(4);
    expect(daysSince('2026-03-06T11:00:00Z', now, 'UTC')).toBe(4);
    expect(daysSince('2026-03-10T00:30:00Z', now, 'UTC')).toBe(0);
    // 9 March 23:30 UTC is already 10 March in Douala (UTC+1).
    expect(daysSince('2026-03-09T23:30:00Z', now, 'Africa/Douala')).toBe(0);
    expect(daysSince('2026-03-09T23:30:00Z', now, 'UTC')).toBe(1);
    // A clock a little behind: never negative.
    expect(daysSince('2026-03-11T00:00:00Z', now, 'UTC')).toBe(0);
  });
});
