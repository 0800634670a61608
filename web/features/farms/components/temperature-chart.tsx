// The overview's temperature chart card: loads recharts lazily and keeps its 300 px while it does.
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSensorPoint } from '../../../../contract/farm-data';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const TemperatureLineChart = lazy(() => import('./temperature-line-chart'));

export function TemperatureChart({ sensorData }: { sensorData: TSensorPoint[] }) {
  const { t, i18n } = useTranslation('farms');
  const points = useMemo(
    () =>
      sensorData
        .filter((p) => p.type === 'temperature')
        .map((p) => ({ time: Date.parse(p.timestamp), value: p.value })),
    [sensorData],
  );
  return (
    <Card>
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
              <TemperatureLineChart points={points} language={i18n.language} />
            </Suspense>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
