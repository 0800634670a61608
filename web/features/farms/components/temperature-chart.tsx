// The overview's temperature chart card: 300 px, drawn with the page (a plain SVG, a few ms).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSensorPoint } from '../../../../contract/farm-data';
import { chartPoints } from '../../../../contract/sensor-series';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CHARTED_TYPE } from '../api/get-farm-analytics';
import { TemperatureLineChart } from './temperature-line-chart';

export function TemperatureChart({ farmId, sensorData }: { farmId: number; sensorData: TSensorPoint[] }) {
  const { t, i18n } = useTranslation('farms');
  const points = useMemo(() => chartPoints(sensorData, CHARTED_TYPE), [sensorData]);
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
          <>
            <figure
              aria-label={t('overview.chartLabel')}
              className="h-[300px]"
              data-testid="temperature-chart"
            >
              <TemperatureLineChart points={points} language={i18n.language} />
            </figure>
            {/* The chart draws a sample of the readings; every one of them is in this file. */}
            <a
              href={`/api/farms/${farmId}/sensor-data.csv`}
              download
              className="mt-3 inline-block text-sm font-medium text-brand-800 underline underline-offset-2"
            >
              {t('overview.downloadReadings')}
            </a>
          </>
        )}
      </CardContent>
    </Card>
  );
}
