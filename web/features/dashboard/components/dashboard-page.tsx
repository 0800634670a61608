// Home: the user's real figures per role (farmer, buyer) or a welcome card with directions for the other roles.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TUser } from '../../../../contract/auth';
import type { TDashboard } from '../../../../contract/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { dashboardStats } from '../stats';
import { SavedSearchesCard } from './saved-searches-card';
import { ShortcutCard } from './shortcut-card';
import { type Stat, StatCard } from './stat-card';
import { TasksWeekCard } from './tasks-week-card';

function useStats(data: TDashboard | undefined): Stat[] | null {
  const { t, i18n } = useTranslation('dashboard');
  return dashboardStats(data, t, i18n.language);
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
          {dashboard.data?.kind === 'farmer' ? (
            // Its texts (the task names) load for farmers only, when it first shows.
            <Suspense fallback={null}>
              <TasksWeekCard />
            </Suspense>
          ) : null}
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
