// The overview's temperature chart card: loads recharts lazily and keeps its 300 px while it does.
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSensorSeries } from '../../../../contract/farm-data';
import { seriesPoints } from '../../../../contract/sensor-series';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useNearViewport } from '../../../lib/use-near-viewport';

const TemperatureLineChart = lazy(() => import('./temperature-line-chart'));

export function TemperatureChart({
  series,
  bucketSeconds,
}: {
  series: TSensorSeries[];
  /** The length of a value's bucket (the analytics' sensor window). */
  bucketSeconds: number;
}) {
  const { t, i18n } = useTranslation('farms');
  const points = useMemo(() => {
    const temperature = series.find((s) => s.type === 'temperature');
    return temperature ? seriesPoints(temperature, bucketSeconds) : [];
  }, [series, bucketSeconds]);
  // Below the fold on a phone: recharts loads and draws (a long task on a slow phone) when the user scrolls near.
  const [cardRef, near] = useNearViewport<HTMLDivElement>();
  return (
    <Card ref={cardRef}>
      <CardHeader>
        <CardTitle>{t('overview.chartTitle')}</CardTitle>
        <CardDescription>{t('overview.chartDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {points.length === 0 ? (
          <p className="flex h-[300px] items-center justify-center text-center text-sm text-stone-600">
            {t('overview.noReadings')}
          </p>
        ) : (
          <figure aria-label={t('overview.chartLabel')} className="h-[300px]" data-testid="temperature-chart">
            <Suspense
              fallback={
                <p className="flex h-full items-center justify-center text-sm">
                  {t('overview.chartLoading')}
                </p>
              }
            >
              {near ? <TemperatureLineChart points={points} language={i18n.language} /> : null}
            </Suspense>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
