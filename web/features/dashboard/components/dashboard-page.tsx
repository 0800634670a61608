// Home: cards per role (farmer, buyer) or a welcome card with directions for the other roles.
import type { LucideIcon } from 'lucide-react';
import { Gavel, Leaf, ListChecks, Search, ShoppingBag, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../../contract/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { formatMoney, formatNumber } from '../../../lib/format';

interface Stat {
  titleKey: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}

function StatCard({ stat }: { stat: Stat }) {
  const { t } = useTranslation('dashboard');
  const Icon = stat.icon;
  return (
    <Card>
      <CardHeader className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-stone-700">{t(stat.titleKey)}</h2>
        <Icon aria-hidden className="h-4 w-4 text-brand-800" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{stat.value}</p>
        <p className="text-xs text-stone-600">{stat.detail}</p>
      </CardContent>
    </Card>
  );
}

export function DashboardPage({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  // Spec placeholder figures; the users issue replaces them with the user's own.
  const stats: Stat[] | null =
    user.role === 'farmer'
      ? [
          {
            titleKey: 'activeListings',
            value: formatNumber(5, lng),
            detail: t('activeListingsDetail'),
            icon: ListChecks,
          },
          { titleKey: 'recentBids', value: formatMoney(2340, lng), detail: t('last7Days'), icon: Gavel },
          {
            titleKey: 'farmOverview',
            value: t('farmsCount', { count: 3 }),
            detail: t('cropsCount', { count: 8 }),
            icon: Sprout,
          },
        ]
      : user.role === 'buyer'
        ? [
            {
              titleKey: 'activeOrders',
              value: formatNumber(5, lng),
              detail: t('activeOrdersDetail'),
              icon: ShoppingBag,
            },
            {
              titleKey: 'savedSearches',
              value: formatNumber(0, lng),
              detail: t('savedSearchesDetail'),
              icon: Search,
            },
            {
              titleKey: 'purchaseHistory',
              value: formatMoney(3450, lng),
              detail: t('purchaseHistoryDetail'),
              icon: Leaf,
            },
          ]
        : null;
  return (
    <>
      <PageHeader title={t('title', { name: user.username })} description={t('subtitle')} />
      {stats ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stats.map((stat) => (
            <StatCard key={stat.titleKey} stat={stat} />
          ))}
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('welcomeTitle')}</CardTitle>
            <CardDescription>{t('welcomeBody')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
              <li>{t('welcomeMarketplace')}</li>
              <li>{t('welcomeNetwork')}</li>
              <li>{t('welcomeUsers')}</li>
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  );
}
