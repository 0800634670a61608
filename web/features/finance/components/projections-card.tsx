// Projections: this month and the next five from the farm's own history, each with the method used.
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
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
      <CardContent className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-600">
              <th scope="col" className="py-2 pr-2 sm:pr-3 font-medium">
                {t('overview.month')}
              </th>
              <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                {t('overview.income')}
              </th>
              <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                {t('overview.expense')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('overview.method')}
              </th>
            </tr>
          </thead>
          <tbody>
            {projections.data.months.map((m) => (
              <tr key={m.month} className="border-b border-stone-100 last:border-0">
                <td className="py-2 pr-2 sm:pr-3">
                  {formatDate(`${m.month}-01T00:00:00`, i18n.language, 'MMM yyyy')}
                </td>
                <td className="py-2 pr-2 sm:pr-3 text-right whitespace-nowrap text-green-700 tabular-nums">
                  {money(m.income)}
                </td>
                <td className="py-2 pr-2 sm:pr-3 text-right whitespace-nowrap text-red-700 tabular-nums">
                  {money(m.expense)}
                </td>
                <td className="py-2 text-stone-600">{t(`overview.methods.${m.method}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
