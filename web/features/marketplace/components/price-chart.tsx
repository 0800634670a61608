// The price trends chart: the daily price as a line over the volume traded as bars (right axis), a hand-drawn SVG.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { XYChart } from '../../../components/charts/xy-chart';
import { DAY_MONTH, formatCompact, formatDate, formatDateParts } from '../../../lib/format';

export interface PriceChartPoint {
  timestamp: string;
  price: number | null;
  volume: number;
}

export function PriceChart({
  data,
  language,
  priceLabel,
  volumeLabel,
  formatPrice,
  formatVolume,
}: {
  data: PriceChartPoint[];
  language: string;
  priceLabel: string;
  volumeLabel: string;
  formatPrice: (value: number) => string;
  formatVolume: (value: number) => string;
}) {
  const { t } = useTranslation('marketplace');
  const times = useMemo(() => data.map((point) => Date.parse(point.timestamp)), [data]);
  const compact = (value: number) => formatCompact(value, language);
  return (
    <div className="h-[400px] w-full" data-testid="price-chart">
      <XYChart
        label={t('trends.chartLabel')}
        xs={data.map((_, i) => i)}
        xKind="band"
        legend
        tableHeader={t('trends.day')}
        series={[
          {
            key: 'volume',
            label: volumeLabel,
            tone: 'stone',
            type: 'bar',
            axis: 'right',
            values: data.map((point) => point.volume),
            format: formatVolume,
          },
          {
            key: 'price',
            label: priceLabel,
            tone: 'brand',
            connect: true,
            values: data.map((point) => point.price),
            format: formatPrice,
          },
        ]}
        formatTick={(i) => formatDateParts(new Date(times[i] ?? 0), language, DAY_MONTH)}
        formatX={(i) => formatDate(new Date(times[i] ?? 0), language, 'PP')}
        formatLeftTick={compact}
        formatRightTick={compact}
      />
    </div>
  );
}
