// Reports: a period (month by default, as the spec's buttons; quarter, year or the farm's season), the Income
// Statement, Balance Sheet and Cash Flow buttons, and the list of generated reports.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS, REPORT_TYPES, type ReportPeriod } from '../../../../contract/finance-constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { useGenerateReport, useReports } from '../api/reports';
import { ReportCard } from './report-card';

const BUTTON_LABELS = {
  income_statement: 'reports.incomeStatement',
  balance_sheet: 'reports.balanceSheet',
  cash_flow: 'reports.cashFlow',
} as const;

export function ReportsTab({ farmId, canWrite }: { farmId: number; canWrite: boolean }) {
  const { t } = useTranslation('finance');
  const reports = useReports(farmId);
  const generate = useGenerateReport(farmId);
  const [period, setPeriod] = useState<ReportPeriod>('monthly');
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t('reports.title')}</CardTitle>
          <CardDescription>{t('reports.intro')}</CardDescription>
        </CardHeader>
        {canWrite ? (
          <CardContent className="flex flex-col gap-3">
            <div className="max-w-xs">
              <Field id="report-period" label={t('reports.period')}>
                <Select
                  id="report-period"
                  value={period}
                  onChange={(event) => setPeriod(event.target.value as ReportPeriod)}
                >
                  {REPORT_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t(`reports.choosePeriod.${p}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <div className="flex flex-wrap gap-2">
              {REPORT_TYPES.map((type) => (
                <Button
                  key={type}
                  variant="secondary"
                  disabled={generate.isPending}
                  onClick={() =>
                    mutateThen(
                      generate,
                      { type, period },
                      {
                        onSuccess: () =>
                          toast({ title: t('reports.generated'), description: t(`reports.types.${type}`) }),
                        onError: (error) => toastError(t('reports.generateFailed'), error),
                      },
                    )
                  }
                >
                  {t(BUTTON_LABELS[type])}
                </Button>
              ))}
            </div>
          </CardContent>
        ) : null}
      </Card>
      {reports.isPending ? <PageSpinner /> : null}
      {reports.isError ? (
        <p role="alert" className="text-red-700">
          {t('loadError')} ({queryErrorText(reports.error)})
        </p>
      ) : null}
      {reports.isSuccess && reports.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('reports.empty')}</p>
      ) : null}
      {reports.isSuccess ? (
        <ul className="flex flex-col gap-4" aria-label={t('reports.title')}>
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
