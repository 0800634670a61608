// The driver's earnings (their /financial): the fees of delivered jobs this week, by week and by month.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TDriverEarnings } from '../../../../contract/delivery-terms';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatDateParts, formatMoney } from '../../../lib/format';
import { earningsQuery } from '../api/get-earnings';

type Period = TDriverEarnings['weeks'][number];

/** Periods are UTC calendar days and months: read them in UTC so no time zone moves them a day. */
const weekLabel = (monday: string, lng: string) =>
  formatDateParts(`${monday}T00:00:00Z`, lng, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthLabel = (month: string, lng: string) =>
  formatDateParts(`${month}-01T00:00:00Z`, lng, { month: 'long', year: 'numeric', timeZone: 'UTC' });

function PeriodList({
  title,
  periods,
  label,
}: {
  title: string;
  periods: Period[];
  label: (p: string) => string;
}) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-200">
          {periods.map((p) => (
            <li key={p.period} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="text-stone-900">{label(p.period)}</span>
              <span className="text-sm text-stone-600">{t('earnings.jobs', { count: p.jobs })}</span>
              <span className="font-medium text-stone-900 tabular-nums">
                {formatMoney(p.amount, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function EarningsPage() {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const earnings = useQuery(earningsQuery());
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title={t('earnings.title')} description={t('earnings.description')} />
      {earnings.isPending ? <PageSpinner /> : null}
      {earnings.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t('earnings.loadError', { message: queryErrorText(earnings.error) })}
        </p>
      ) : null}
      {earnings.data ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2" data-testid="earnings-summary">
            <Card>
              <CardContent className="flex flex-col gap-1 pt-4">
                <p className="text-sm text-stone-600">{t('earnings.thisWeek')}</p>
                <p className="text-2xl font-semibold text-stone-900">
                  {formatMoney(earnings.data.weeks[0]?.amount ?? 0, lng)}
                </p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="flex flex-col gap-1 pt-4">
                <p className="text-sm text-stone-600">{t('earnings.allTime')}</p>
                <p className="text-2xl font-semibold text-stone-900">
                  {formatMoney(earnings.data.total, lng)}
                </p>
                <p className="text-sm text-stone-600">{t('earnings.jobs', { count: earnings.data.jobs })}</p>
              </CardContent>
            </Card>
          </div>
          <PeriodList
            title={t('earnings.byWeek')}
            periods={earnings.data.weeks}
            label={(p) => t('earnings.weekOf', { date: weekLabel(p, lng) })}
          />
          <PeriodList
            title={t('earnings.byMonth')}
            periods={earnings.data.months}
            label={(p) => monthLabel(p, lng)}
          />
          <Link
            href="/deliveries"
            className="inline-flex items-center self-start text-sm font-medium text-brand-800 underline"
          >
            {t('earnings.toDeliveries')}
          </Link>
        </>
      ) : null}
    </div>
  );
}
