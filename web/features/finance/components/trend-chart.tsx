// The overview's income and expense lines per month, with a legend: a hand-drawn SVG drawn with the page (the chart
// library it replaced loaded after the screen and then kept a slow phone's main thread busy for half a second).
import { useTranslation } from 'react-i18next';
import type { TTrendMonth } from '../../../../contract/finance';
import { XYChart } from '../../../components/charts/xy-chart';
import { formatCompact, formatDateParts, formatMoney } from '../../../lib/format';

export function TrendChart({ months }: { months: TTrendMonth[] }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const month = (index: number, options: Intl.DateTimeFormatOptions) =>
    formatDateParts(`${months[index]?.month ?? ''}-01T00:00:00`, language, options);
  const money = (value: number) => formatMoney(value, language);
  return (
    <XYChart
      label={t('overview.trendChartLabel')}
      xs={months.map((_, i) => i)}
      xKind="band"
      zero
      legend
      tableHeader={t('overview.month')}
      series={[
        {
          key: 'income',
          label: t('overview.income'),
          tone: 'brand',
          dots: true,
          values: months.map((m) => m.income),
          format: money,
        },
        {
          key: 'expense',
          label: t('overview.expense'),
          tone: 'red',
          dots: true,
          dashed: true,
          values: months.map((m) => m.expense),
          format: money,
        },
      ]}
      formatTick={(i) => month(i, { month: 'short', year: '2-digit' })}
      formatX={(i) => month(i, { month: 'long', year: 'numeric' })}
      formatLeftTick={(value) => formatCompact(value, language)}
    />
  );
}
