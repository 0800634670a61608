// Home: the user's real figures per role (farmer, buyer) or a welcome card with directions for the other roles.
import { Gavel, Leaf, ListChecks, Search, ShoppingBag, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TUser } from '../../../../contract/auth';
import type { TDashboard } from '../../../../contract/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { SavedSearchesCard } from './saved-searches-card';
import { ShortcutCard } from './shortcut-card';
import { type Stat, StatCard } from './stat-card';

function useStats(data: TDashboard | undefined): Stat[] | null {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
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

function WelcomeCard({ enrolledUsers }: { enrolledUsers: number | null }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
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
          <li>
            <Link href="/users" className="text-brand-800 underline underline-offset-4">
              {t('welcomeDirectory')}
            </Link>
            {enrolledUsers === null
              ? null
              : ` · ${t('enrolledUsers', { count: enrolledUsers, formatted: formatNumber(enrolledUsers, i18n.language) })}`}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

export function DashboardPage({ user }: { user: TUser }) {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  const stats = useStats(dashboard.data);
  const personal = user.role === 'farmer' || user.role === 'buyer';
  const showWelcome = dashboard.data ? dashboard.data.kind === 'welcome' : !personal;
  return (
    <>
      <PageHeader title={t('title', { name: user.username })} description={t('subtitle')} />
      {dashboard.isError ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {t('loadFailed')} ({queryErrorText(dashboard.error)})
        </p>
      ) : null}
      {user.role === 'buyer' ? null : <ShortcutCard role={user.role} />}
      {personal && dashboard.isPending ? <PageSpinner /> : null}
      {stats ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stats.map((stat) => (
            <StatCard key={stat.title} stat={stat} />
          ))}
        </div>
      ) : null}
      {showWelcome ? (
        <WelcomeCard
          enrolledUsers={dashboard.data?.kind === 'welcome' ? dashboard.data.enrolledUsers : null}
        />
      ) : null}
      {dashboard.data?.kind === 'buyer' ? <SavedSearchesCard /> : null}
    </>
  );
}
