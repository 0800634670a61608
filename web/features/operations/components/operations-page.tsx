// The operations view (/operations, managers): orders by status (each count opens the filtered orders), deliveries
// waiting longer than STALE_DELIVERY_DAYS, open disputes and the value traded in the last 7 and 30 days; the
// operator's escrow and the payouts waiting for a manager.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TOperationsSummary } from '../../../../contract/orders';
import { ORDER_STATUSES, STALE_DELIVERY_DAYS } from '../../../../contract/orders-constants';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useOperationsSummary } from '../api/get-operations-summary';
import { daysSince, orderHref, ordersWithStatus } from '../links';
import { EscrowCard } from './escrow-card';
import { WaitingPayouts } from './waiting-payouts';

export function OperationsPage() {
  const { t } = useTranslation('operations');
  const user = useUser().data;
  const isManager = user?.role === 'manager';
  const summary = useOperationsSummary(isManager);
  if (!user) {
    return <PageSpinner />;
  }
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      {!isManager ? (
        <p className="text-stone-700">{t('managersOnly')}</p>
      ) : summary.isPending ? (
        <PageSpinner />
      ) : summary.isError ? (
        <p role="alert" className="text-red-700">
          {t('loadError')} ({queryErrorText(summary.error)})
        </p>
      ) : (
        <>
          <Summary data={summary.data} />
          <EscrowCard />
          <WaitingPayouts />
        </>
      )}
    </div>
  );
}

const LINK =
  'rounded text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';

function Summary({ data }: { data: TOperationsSummary }) {
  const { t, i18n } = useTranslation('operations');
  const lang = i18n.language;
  return (
    <>
      <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label={t('traded7d')} value={formatMoney(data.traded7d, lang)} />
        <Figure label={t('traded30d')} value={formatMoney(data.traded30d, lang)} />
        <Figure
          label={t('openDisputes')}
          value={
            <Link href={ordersWithStatus('disputed')} className={`inline-flex items-center ${LINK}`}>
              {formatNumber(data.openDisputes, lang)}
            </Link>
          }
        />
      </dl>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('byStatus.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {ORDER_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  href={ordersWithStatus(status)}
                  className="flex items-center justify-between gap-2 rounded-md border border-stone-200 p-3 text-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  data-testid="orders-by-status"
                >
                  <span className="text-stone-700">{t(`orderStatus.${status}`)}</span>
                  <span className="text-lg font-semibold text-stone-900 tabular-nums">
                    {formatNumber(data.ordersByStatus[status] ?? 0, lang)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('stale.title', { days: STALE_DELIVERY_DAYS })}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.staleDeliveries.length === 0 ? (
            <p className="text-sm text-stone-600">{t('stale.empty')}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {data.staleDeliveries.map((delivery) => (
                <li
                  key={delivery.deliveryId}
                  className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                  data-testid="stale-delivery"
                >
                  <div>
                    <Link href={orderHref(delivery.orderId)} className={`font-medium ${LINK}`}>
                      {t('stale.order', { id: delivery.orderId })}
                    </Link>
                    <p className="text-stone-600">
                      {t('stale.line', {
                        status: t(`deliveryStatus.${delivery.status}`),
                        date: formatDay(delivery.since, lang),
                        days: daysSince(delivery.since),
                      })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}
