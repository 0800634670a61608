// An agent's commissions: totals this month and all time, and one line per order (number, farmer, amount, date).
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FIGURE_CELL, FIGURE_ROW, FigureTable } from '../../../components/ui/figure-table';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatDay, formatMoney } from '../../../lib/format';
import { useCommissions } from '../api/get-commissions';

export function CommissionsCard() {
  const { t, i18n } = useTranslation('agents');
  const commissions = useCommissions();
  const lang = i18n.language;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('commissions.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {commissions.isPending ? (
          <PageSpinner />
        ) : commissions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('loadError')} ({queryErrorText(commissions.error)})
          </p>
        ) : (
          <>
            <dl className="mb-4 grid grid-cols-2 gap-3">
              <div className="rounded-md bg-stone-50 p-3">
                <dt className="text-sm text-stone-600">{t('commissions.thisMonth')}</dt>
                <dd className="text-xl font-semibold text-stone-900 tabular-nums">
                  {formatMoney(commissions.data.totalThisMonth, lang)}
                </dd>
              </div>
              <div className="rounded-md bg-stone-50 p-3">
                <dt className="text-sm text-stone-600">{t('commissions.allTime')}</dt>
                <dd className="text-xl font-semibold text-stone-900 tabular-nums">
                  {formatMoney(commissions.data.totalAllTime, lang)}
                </dd>
              </div>
            </dl>
            {commissions.data.items.length === 0 ? (
              <p className="text-sm text-stone-600">{t('commissions.empty')}</p>
            ) : (
              <FigureTable
                caption={t('commissions.title')}
                columns={[
                  { label: t('commissions.order') },
                  { label: t('commissions.farmer') },
                  { label: t('commissions.amount'), alignRight: true },
                  { label: t('commissions.date'), alignRight: true },
                ]}
                className="text-sm [&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-1.5 sm:[&_th]:px-1.5"
                headClassName="text-xs text-stone-700 sm:text-sm"
              >
                {commissions.data.items.map((item) => (
                  <tr key={item.id} className={FIGURE_ROW} data-testid="commission">
                    <td>{t('commissions.orderNumber', { id: item.orderId })}</td>
                    <td>{item.farmer.username}</td>
                    <td className={FIGURE_CELL}>{formatMoney(item.amount, lang)}</td>
                    <td className="text-right">{formatDay(item.createdAt, lang)}</td>
                  </tr>
                ))}
              </FigureTable>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
