// The farm analytics run on one plan's crop and dates: yield, water and risks, each on demand (a tap runs it),
// with its headline figures here; the farm screen holds the full reports.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnalysisDataByType } from '../../../../contract/analysis';
import { ANALYTICS_TYPES, type AnalyticsType } from '../../../../contract/crops';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { planAnalyticsQuery } from '../api/keys';
import { useCropFormat } from './use-crop-format';

export function PlanAnalyses({ planId }: { planId: number }) {
  const { t } = useTranslation('crops');
  const [type, setType] = useState<AnalyticsType | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{t('analyses.intro')}</p>
      <div className="flex flex-wrap gap-2">
        {ANALYTICS_TYPES.map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={choice === type ? 'primary' : 'secondary'}
            aria-pressed={choice === type}
            onClick={() => setType(choice)}
          >
            {t(`analyses.types.${choice}`)}
          </Button>
        ))}
      </div>
      {type ? <AnalysisResult planId={planId} type={type} /> : null}
    </div>
  );
}

function AnalysisResult<T extends AnalyticsType>({ planId, type }: { planId: number; type: T }) {
  const { t } = useTranslation('crops');
  const query = useQuery(planAnalyticsQuery(planId, type));
  return (
    <QueryState query={query} error={t('analyses.failed')}>
      {({ data }) => <Figures type={type} data={data} />}
    </QueryState>
  );
}

function Figures<T extends AnalyticsType>({ type, data }: { type: T; data: TAnalysisDataByType[T] }) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const rows: [string, string][] = [];
  if (type === 'yield_prediction') {
    const y = data as TAnalysisDataByType['yield_prediction'];
    rows.push([t('analyses.predicted'), f.perHectare(y.predictedYield)]);
    rows.push([t('analyses.attainable'), f.perHectare(y.attainableYield)]);
  } else if (type === 'resource_optimization') {
    const r = data as TAnalysisDataByType['resource_optimization'];
    rows.push([t('analyses.waterNeed'), t('analyses.mm', { value: f.number(r.waterUsage.recommended, 0) })]);
    rows.push([t('analyses.waterUsed'), t('analyses.mm', { value: f.number(r.waterUsage.current, 0) })]);
  } else {
    const p = data as TAnalysisDataByType['pest_risk'];
    rows.push([t('analyses.riskScore'), f.percent(p.riskScore)]);
    rows.push([
      t('analyses.risks'),
      p.risks.length === 0
        ? t('analyses.noRisks')
        : p.risks.map((risk) => t(`agronomy:${risk.name.key}`, risk.name.params ?? {})).join(', '),
    ]);
  }
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="plan-analysis">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-md border border-stone-200 bg-stone-50 p-2">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
