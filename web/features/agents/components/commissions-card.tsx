// An agent's commissions: totals this month and all time, and one line per order (number, farmer, amount, date).
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { TableScroll } from '../../../components/ui/table-scroll';
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
              <TableScroll label={t('commissions.title')}>
                <table className="w-full text-left text-sm [&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-1.5 sm:[&_th]:px-1.5">
                  <caption className="sr-only">{t('commissions.title')}</caption>
                  <thead className="border-b border-stone-200 text-xs text-stone-700 sm:text-sm">
                    <tr>
                      <th scope="col" className="py-2 font-medium">
                        {t('commissions.order')}
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        {t('commissions.farmer')}
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        {t('commissions.amount')}
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        {t('commissions.date')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {commissions.data.items.map((item) => (
                      <tr key={item.id} className="border-b border-stone-100" data-testid="commission">
                        <td className="py-2">{t('commissions.orderNumber', { id: item.orderId })}</td>
                        <td className="py-2">{item.farmer.username}</td>
                        <td className="py-2 text-right whitespace-nowrap tabular-nums">
                          {formatMoney(item.amount, lang)}
                        </td>
                        <td className="py-2 text-right">{formatDay(item.createdAt, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
