// The dashboard as the API shows it: amounts in currency units.

import { centsToDecimal } from '../../contract/money';
import type { TDashboard } from '../../contract/users';
import type { DashboardFigures } from './dashboard.service';

export function presentDashboard(figures: DashboardFigures): TDashboard {
  if (figures.kind === 'farmer') {
    return {
      kind: 'farmer',
      activeListings: figures.activeListings,
      bidsReceived7d: {
        count: figures.bidsReceived.count,
        amount: centsToDecimal(figures.bidsReceived.amountCents),
      },
      farms: figures.farms,
      crops: figures.crops,
    };
  }
  if (figures.kind === 'buyer') {
    return {
      kind: 'buyer',
      activeOrders: figures.activeOrders,
      savedSearches: figures.savedSearches,
      purchaseHistory: {
        count: figures.purchases.count,
        amount: centsToDecimal(figures.purchases.amountCents),
      },
    };
  }
  return figures;
}
