// One analysis tab: its button, the latest result of its type (or why there is none), loading and error states.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnalysisDataByType } from '../../../../contract/analysis';
import type { AnalyticsType } from '../../../../contract/crops';
import type { TAnalyticsItem } from '../../../../contract/farm-data';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { preloadable } from '../../../lib/preloadable';
import { useIsOnline } from '../../../lib/use-is-online';
import { useGenerateAnalytics } from '../api/generate-analytics';

// A result's details show in a tab other than the first: they load when that tab is opened, not with the screen (the
// farms screen puts each tab's content under a Suspense boundary).
const loadDetails = () => import('./analysis-details');
const { Component: AnalysisDetails } = preloadable(() => loadDetails().then((m) => m.AnalysisDetails));
const { Component: Recommendations } = preloadable(() => loadDetails().then((m) => m.Recommendations));

interface GeneratePanelProps<T extends AnalyticsType> {
  farmId: number;
  type: T;
  buttonLabel: string;
  analytics: TAnalyticsItem[];
  canGenerate: boolean;
  children: (data: TAnalysisDataByType[T]) => ReactNode;
}

export function GeneratePanel<T extends AnalyticsType>({
  farmId,
  type,
  buttonLabel,
  analytics,
  canGenerate,
  children,
}: GeneratePanelProps<T>) {
  const { t } = useTranslation('farms');
  const generate = useGenerateAnalytics(farmId);
  const online = useIsOnline();
  const latest = analytics.find((item) => item.type === type);
  const data = latest ? (latest.data as unknown as TAnalysisDataByType[T]) : null;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!canGenerate || !online || generate.isPending}
          onClick={() => generate.mutate(type)}
        >
          {buttonLabel}
        </Button>
        {generate.isPending ? (
          <span className="inline-flex items-center gap-2 text-sm text-stone-700">
            <Spinner className="[&_svg]:h-5 [&_svg]:w-5" />
            {t('result.generating')}
          </span>
        ) : null}
        {generate.isError ? <span className="text-sm text-red-700">{t('result.failed')}</span> : null}
        {!canGenerate ? <span className="text-sm text-stone-600">{t('readOnly')}</span> : null}
        {canGenerate && !online ? (
          <span className="text-sm text-stone-600">{t('result.offline')}</span>
        ) : null}
      </CardHeader>
      <CardContent>
        {latest && data ? (
          <div className="space-y-6" data-testid={`result-${type}`}>
            {children(data)}
            <Recommendations data={data} />
            <AnalysisDetails data={data} createdAt={latest.createdAt} />
          </div>
        ) : (
          <p className="text-sm text-stone-600">{t('result.none')}</p>
        )}
      </CardContent>
    </Card>
  );
}
