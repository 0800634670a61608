import { describe, expect, it } from 'vitest';
import { daysSince, orderHref, ordersWithStatus } from './links';

describe('operations links', () => {
  it('points at the orders screen', () => {
    expect(ordersWithStatus('in_transit')).toBe('/orders?status=in_transit');
    expect(orderHref(42)).toBe('/orders?order=42');
  });

  it('counts whole days waited', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(daysSince('2026-03-06T13:00:00Z', now)).toBe(3);
    expect(daysSince('2026-03-06T11:00:00Z', now)).toBe(4);
    expect(daysSince('2026-03-11T00:00:00Z', now)).toBe(0);
  });
});
