// The overview's income and expense lines per month, with a legend (its own chunk: recharts loads only here).
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TTrendMonth } from '../../../../contract/finance';
import { formatCompact, formatDateParts, formatMoney } from '../../../lib/format';

const INCOME = '#166534';
const EXPENSE = '#b91c1c';

// No drawing animation (as on the other charts): recharts animates in JavaScript, frame by frame, which on a slow
// phone kept the main thread busy for seconds after the screen appeared.
export default function TrendChart({ months }: { months: TTrendMonth[] }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const month = (value: unknown, options: Intl.DateTimeFormatOptions) =>
    formatDateParts(`${String(value)}-01T00:00:00`, language, options);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={months} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
        <XAxis
          dataKey="month"
          tickFormatter={(value) => month(value, { month: 'short', year: '2-digit' })}
          tick={{ fontSize: 12 }}
          minTickGap={16}
        />
        <YAxis tickFormatter={(v: number) => formatCompact(v, language)} tick={{ fontSize: 12 }} width={56} />
        <ReferenceLine y={0} stroke="#a8a29e" />
        <Tooltip
          separator={t('common:chart.separator')}
          labelFormatter={(label) => month(label, { month: 'long', year: 'numeric' })}
          formatter={(value, name) => [formatMoney(Number(value), language), name]}
        />
        <Legend wrapperStyle={{ fontSize: 14 }} />
        <Line
          type="monotone"
          dataKey="income"
          name={t('overview.income')}
          stroke={INCOME}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="expense"
          name={t('overview.expense')}
          stroke={EXPENSE}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
