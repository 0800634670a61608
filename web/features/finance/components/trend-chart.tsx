// The amount-over-date line chart of the overview (its own chunk: recharts loads only here).
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatNumber } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import type { TrendPoint } from './trend-points';

export default function TrendChart({ points }: { points: TrendPoint[] }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const day = (date: string) => formatDate(`${date}T00:00:00`, language, 'dd MMM');
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
        <XAxis dataKey="date" tickFormatter={day} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={(v: number) => formatNumber(v, language)} tick={{ fontSize: 12 }} width={64} />
        <ReferenceLine y={0} stroke="#a8a29e" />
        <Tooltip
          labelFormatter={(label) => formatDate(`${String(label)}T00:00:00`, language)}
          formatter={(value) => [formatMoney(Number(value), language), t('overview.amount')]}
        />
        <Line type="monotone" dataKey="amount" stroke="#166534" strokeWidth={2} dot={{ r: 3 }} />
      </LineChart>
    </ResponsiveContainer>
  );
}
