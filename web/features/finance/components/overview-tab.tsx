// Overview: net worth, total assets and liabilities at today, monthly income and expenses, and projections.
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useFinancials } from '../api/get-financials';
import { useMoney } from './money-text';
import { ProjectionsCard } from './projections-card';
import { StockMemo } from './stock-memo';
import { TrendChart } from './trend-chart';

export function OverviewTab({ farmId, farmer }: { farmId: number; farmer: number | null }) {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const financials = useFinancials(farmId);
  if (!financials.isSuccess) {
    return <QueryState query={financials} error={t('loadError')} />;
  }
  const { overview, trend } = financials.data;
  const figures = [
    ['netWorth', overview.netWorth],
    ['totalAssets', overview.totalAssets],
    ['totalLiabilities', overview.totalLiabilities],
  ] as const;
  const quiet = trend.every((m) => m.income === 0 && m.expense === 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {figures.map(([key, value]) => (
          <Card key={key}>
            <CardHeader>
              <CardDescription>{t(`overview.${key}`)}</CardDescription>
            </CardHeader>
            <CardContent>
              <p
                data-testid={`overview-${key}`}
                className={`text-2xl font-bold tabular-nums ${value < 0 ? 'text-red-700' : 'text-stone-900'}`}
              >
                {money(value)}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <StockMemo farmer={farmer} />
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.trend')}</CardTitle>
          <CardDescription>{t('overview.trendDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {quiet ? (
            <p className="text-sm text-stone-600">{t('overview.trendEmpty')}</p>
          ) : (
            <div className="h-[300px]">
              <TrendChart months={trend} />
            </div>
          )}
        </CardContent>
      </Card>
      <ProjectionsCard farmId={farmId} />
    </div>
  );
}
