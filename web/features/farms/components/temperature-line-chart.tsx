// The temperature line chart: a hand-drawn SVG (the chart library cost half a second of a slow phone's main thread).
import { useTranslation } from 'react-i18next';
import { XYChart } from '../../../components/charts/xy-chart';
import { DAY_MONTH, formatDate, formatDateParts, formatNumber } from '../../../lib/format';

export interface ChartPoint {
  time: number;
  value: number;
}

export function TemperatureLineChart({ points, language }: { points: ChartPoint[]; language: string }) {
  const { t } = useTranslation('farms');
  const xs = points.map((point) => point.time);
  const values = points.map((point) => point.value);
  const degrees = (value: number) => t('overview.degrees', { value: formatNumber(value, language, 1) });
  // Over hundreds of readings a table would be long: the accessible name sums the series up instead.
  const summary = t('overview.chartSummary', {
    from: formatDate(new Date(xs[0] ?? 0), language, 'PP'),
    to: formatDate(new Date(xs[xs.length - 1] ?? 0), language, 'PP'),
    min: formatNumber(Math.min(...values), language, 1),
    max: formatNumber(Math.max(...values), language, 1),
    latest: formatNumber(values[values.length - 1] ?? 0, language, 1),
  });
  return (
    <XYChart
      label={summary}
      xs={xs}
      xKind="time"
      series={[
        { key: 'temperature', label: t('overview.chartTitle'), tone: 'brand', values, format: degrees },
      ]}
      formatTick={(time, unit) =>
        unit === 'day'
          ? formatDateParts(new Date(time), language, DAY_MONTH)
          : formatDate(new Date(time), language, 'p')
      }
      formatX={(time) => formatDate(new Date(time), language, 'PPp')}
      formatLeftTick={(value) => formatNumber(value, language)}
    />
  );
}
