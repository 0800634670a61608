// The temperature line chart (recharts), in its own chunk so the rest of the screen does not wait for it.
import i18next from 'i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DAY_MONTH, formatDate, formatDateParts, formatNumber } from '../../../lib/format';

export interface ChartPoint {
  time: number;
  value: number;
}

export default function TemperatureLineChart({
  points,
  language,
}: {
  points: ChartPoint[];
  language: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke="#e7e5e4" strokeDasharray="3 3" />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(time: number) => formatDateParts(new Date(time), language, DAY_MONTH)}
          tick={{ fontSize: 12, fill: '#57534e' }}
          minTickGap={24}
        />
        <YAxis
          width={40}
          tick={{ fontSize: 12, fill: '#57534e' }}
          tickFormatter={(value: number) => formatNumber(value, language, 0)}
          domain={['auto', 'auto']}
        />
        <Tooltip
          separator={i18next.t('common:chart.separator', { lng: language })}
          labelFormatter={(time) => formatDate(new Date(Number(time)), language, 'PPp')}
          formatter={(value) => [`${formatNumber(Number(value), language, 1)} °C`]}
        />
        <Line
          type="monotone"
          dataKey="value"
          stroke="#166534"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
