// The price trends chart (recharts), loaded lazily: only when its card comes near the screen.
import i18next from 'i18next';
import { useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DAY_MONTH, formatCompact, formatDateParts } from '../../../lib/format';

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
  // Day labels in the language's order ('Jul 6', '6 juil.').
  const points = useMemo(
    () => data.map((point) => ({ ...point, label: formatDateParts(point.timestamp, language, DAY_MONTH) })),
    [data, language],
  );
  return (
    <div className="h-[400px] w-full">
      <ResponsiveContainer width="100%" height={400}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis
            yAxisId="price"
            tick={{ fontSize: 12 }}
            width={56}
            domain={['auto', 'auto']}
            tickFormatter={(v: number) => formatCompact(v, language)}
          />
          <YAxis yAxisId="volume" orientation="right" tick={{ fontSize: 12 }} width={50} />
          <Tooltip
            separator={i18next.t('common:chart.separator', { lng: language })}
            formatter={(value, name) => {
              const number = typeof value === 'number' ? value : Number(value);
              return name === priceLabel ? formatPrice(number) : formatVolume(number);
            }}
          />
          <Bar
            yAxisId="volume"
            dataKey="volume"
            name={volumeLabel}
            fill="#a8a29e"
            isAnimationActive={false}
          />
          <Line
            yAxisId="price"
            type="monotone"
            dataKey="price"
            name={priceLabel}
            stroke="#166534"
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
