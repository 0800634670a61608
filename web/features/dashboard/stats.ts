// The figures of the home screen per role, each titled by what it counts (the buyer's open orders are orders, not
// bids), with the link to where the figure comes from.
import type { TFunction } from 'i18next';
import { Gavel, Leaf, ListChecks, Search, ShoppingBag, Sprout } from 'lucide-react';
import type { TDashboard } from '../../../contract/users';
import { formatMoney, formatNumber } from '../../lib/format';
import type { Stat } from './components/stat-card';

export function dashboardStats(data: TDashboard | undefined, t: TFunction, lng: string): Stat[] | null {
  if (data?.kind === 'farmer') {
    return [
      {
        title: t('activeListings'),
        value: formatNumber(data.activeListings, lng),
        detail: t('activeListingsDetail'),
        icon: ListChecks,
        href: '/marketplace#listings',
      },
      {
        title: t('recentBids'),
        value: formatMoney(data.bidsReceived7d.amount, lng),
        detail: `${t('last7Days')} · ${t('bidsCount', { count: data.bidsReceived7d.count, formatted: formatNumber(data.bidsReceived7d.count, lng) })}`,
        icon: Gavel,
        href: '/marketplace#bids-received',
      },
      {
        title: t('farmOverview'),
        value: t('farmsCount', { count: data.farms }),
        detail: t('cropsCount', { count: data.crops }),
        icon: Sprout,
        href: '/farms',
      },
    ];
  }
  if (data?.kind === 'buyer') {
    return [
      {
        title: t('activeOrders'),
        value: formatNumber(data.activeOrders, lng),
        detail: t('activeOrdersDetail'),
        icon: ShoppingBag,
        href: '/orders',
      },
      {
        title: t('savedSearches'),
        value: formatNumber(data.savedSearches, lng),
        detail: t('savedSearchesDetail'),
        icon: Search,
        href: '#saved-searches',
      },
      {
        title: t('purchaseHistory'),
        value: formatMoney(data.purchaseHistory.amount, lng),
        detail: `${t('purchaseHistoryDetail')} · ${t('purchasesCount', { count: data.purchaseHistory.count, formatted: formatNumber(data.purchaseHistory.count, lng) })}`,
        icon: Leaf,
        href: '/orders',
      },
    ];
  }
  return null;
}
