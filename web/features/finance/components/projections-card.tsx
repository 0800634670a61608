// Projections: this month and the next five from the farm's own history, each with the method used, and beside the
// guess the income forward agreements have contracted for the month.
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FIGURE_CELL, FIGURE_ROW, FigureTable } from '../../../components/ui/figure-table';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useProjections } from '../api/get-projections';
import { useMoney } from './money-text';

export function ProjectionsCard({ farmId }: { farmId: number }) {
  const { t, i18n } = useTranslation('finance');
  const money = useMoney();
  const projections = useProjections(farmId);
  if (!projections.isSuccess) {
    return null;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.projections')}</CardTitle>
        <CardDescription>{t('overview.projectionsDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <FigureTable
          caption={t('overview.projections')}
          columns={[
            { label: t('overview.month') },
            { label: t('overview.income'), alignRight: true },
            { label: t('overview.expense'), alignRight: true },
            { label: t('overview.method') },
          ]}
          // Space after every column but the last.
          className="text-xs sm:text-sm [&_td:not(:last-child)]:pr-2 [&_th:not(:last-child)]:pr-2 sm:[&_td:not(:last-child)]:pr-3 sm:[&_th:not(:last-child)]:pr-3"
          headClassName="text-stone-600"
        >
          {projections.data.months.map((m) => (
            <tr key={m.month} className={cn(FIGURE_ROW, 'last:border-0')}>
              <td>{formatDate(`${m.month}-01T00:00:00`, i18n.language, 'MMM yyyy')}</td>
              <td className={cn(FIGURE_CELL, 'text-green-700')}>
                {money(m.income)}
                {m.contracted > 0 ? (
                  <span className="block text-stone-600">
                    {t('overview.contracted', { amount: money(m.contracted) })}
                  </span>
                ) : null}
              </td>
              <td className={cn(FIGURE_CELL, 'text-red-700')}>{money(m.expense)}</td>
              <td className="text-stone-600">{t(`overview.methods.${m.method}`)}</td>
            </tr>
          ))}
        </FigureTable>
      </CardContent>
    </Card>
  );
}
