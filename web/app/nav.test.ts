import { describe, expect, it } from 'vitest';
import { isCurrentItem, NAV_ITEMS, navItemsFor } from './nav';

const hrefs = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((item) => item.href);

describe('navItemsFor', () => {
  it('shows each role its own screens', () => {
    expect(hrefs('buyer')).toContain('/orders');
    expect(hrefs('buyer')).not.toContain('/deliveries');
    expect(hrefs('delivery')).toContain('/deliveries');
    expect(hrefs('delivery')).not.toContain('/orders');
    expect(hrefs('agent')).toEqual(expect.arrayContaining(['/orders', '/agent']));
    expect(hrefs('manager')).toEqual(
      expect.arrayContaining(['/orders', '/deliveries', '/operations', '/catalogue']),
    );
    expect(hrefs('farmer')).not.toContain('/operations');
    expect(hrefs('farmer')).not.toContain('/catalogue');
    // Stock is kept by farmers, agents (for their farmers) and managers; buyers and drivers have none.
    for (const role of ['farmer', 'agent', 'manager'] as const) {
      expect(hrefs(role)).toContain('/stock');
    }
    expect(hrefs('buyer')).not.toContain('/stock');
    expect(hrefs('delivery')).not.toContain('/stock');
    // A farmer answers agents' requests there.
    expect(hrefs('farmer')).toContain('/agent');
    // Forward agreements are made between buyers and farmers; managers settle their disputes.
    for (const role of ['farmer', 'buyer', 'manager'] as const) {
      expect(hrefs(role)).toContain('/agreements');
    }
    expect(hrefs('delivery')).not.toContain('/agreements');
  });
});

describe('isCurrentItem', () => {
  const current = (location: string) =>
    NAV_ITEMS.filter((item) => isCurrentItem(item, location)).map((item) => item.href);

  it('marks the entry a page is under: its own path, a group under the network, home only at home', () => {
    expect(current('/')).toEqual(['/']);
    expect(current('/stock')).toEqual(['/stock']);
    expect(current('/network')).toEqual(['/network']);
    expect(current('/groups/12')).toEqual(['/network']);
  });
});
