// One generated report: type, period and date range, its figures as a readable table, raw JSON behind a toggle, CSV.
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReport, TReportData } from '../../../../contract/finance';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { reportCsvUrl } from '../api/reports';
import { useCategoryLabel, useDay, useMoney } from './money-text';

export function ReportCard({ report }: { report: TReport }) {
  const { t } = useTranslation('finance');
  const day = useDay();
  const [showJson, setShowJson] = useState(false);
  const jsonId = useId();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{t(`reports.types.${report.type}`)}</CardTitle>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            <Badge variant="secondary">{t(`reports.periods.${report.period}`)}</Badge>
            <span>{t('reports.range', { start: day(report.startDate), end: day(report.endDate) })}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showJson}
            aria-controls={jsonId}
            onClick={() => setShowJson((v) => !v)}
          >
            {showJson ? t('reports.hideJson') : t('reports.showJson')}
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a href={reportCsvUrl(report)} download>
              <Download aria-hidden className="h-4 w-4" />
              {t('reports.downloadCsv')}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ReportFigures data={report.data} />
        {showJson ? (
          <pre
            id={jsonId}
            className="mt-3 max-h-80 overflow-auto rounded-md bg-stone-900 p-3 text-xs text-stone-100"
          >
            {JSON.stringify(report.data, null, 2)}
          </pre>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ReportFigures({ data }: { data: TReportData }) {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const categoryLabel = useCategoryLabel();
  const itemLabel = (key: string) => t(`accounts.${key}`, { defaultValue: categoryLabel(key) });
  const sections = Object.entries(data).filter((e): e is [string, TReportData] => typeof e[1] !== 'number');
  const totals = Object.entries(data).filter((e): e is [string, number] => typeof e[1] === 'number');
  return (
    <table className="w-full text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('reports.item')}</th>
          <th scope="col">{t('reports.amount')}</th>
        </tr>
      </thead>
      {sections.map(([section, items]) => (
        <tbody key={section} className="border-b border-stone-200">
          <tr>
            <th colSpan={2} scope="colgroup" className="pt-3 pb-1 text-left font-semibold text-stone-900">
              {t(`reports.sections.${section}`, { defaultValue: section })}
            </th>
          </tr>
          {Object.keys(items).length === 0 ? (
            <tr>
              <td colSpan={2} className="py-1 pl-3 text-stone-500">
                {t('reports.nothing')}
              </td>
            </tr>
          ) : null}
          {Object.entries(items).map(([item, amount]) => (
            <tr key={item}>
              <th scope="row" className="py-1 pl-3 text-left font-normal text-stone-700">
                {itemLabel(item)}
              </th>
              <td className="py-1 text-right tabular-nums">
                {typeof amount === 'number' ? money(amount) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      ))}
      <tbody>
        {totals.map(([key, amount]) => (
          <tr key={key} className="border-b border-stone-100 last:border-0">
            <th scope="row" className="py-1.5 text-left font-medium text-stone-900">
              {t(`reports.figures.${key}`, { defaultValue: key })}
            </th>
            <td className={cn('py-1.5 text-right font-semibold tabular-nums', amount < 0 && 'text-red-700')}>
              {money(amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
