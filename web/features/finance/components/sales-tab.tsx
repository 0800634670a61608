// Sales: each titled 'Commodity Sale' (linked to a commodity) or 'Custom Sale', with every field of the record.
import { useTranslation } from 'react-i18next';
import type { TSale } from '../../../../contract/finance';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import { useFinancials } from '../api/get-financials';
import { useDay, useMoney } from './money-text';

export function SalesTab({ farmId }: { farmId: number }) {
  const { t } = useTranslation('finance');
  const financials = useFinancials(farmId);
  if (!financials.isSuccess) {
    return <QueryState query={financials} error={t('loadError')} />;
  }
  const sales = financials.data.recentSales;
  if (sales.length === 0) {
    return (
      <Card>
        <CardContent className="pt-4">
          <p className="text-sm text-stone-600">{t('sales.empty')}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {sales.map((sale) => (
        <SaleCard key={sale.id} sale={sale} />
      ))}
    </div>
  );
}

function SaleCard({ sale }: { sale: TSale }) {
  const { t, i18n } = useTranslation('finance');
  const money = useMoney();
  const day = useDay();
  const rows: [string, string][] = [
    [t('sales.date'), day(sale.date)],
    [t('sales.type'), t(`sales.types.${sale.type}`)],
    [t('sales.totalAmount'), money(sale.totalAmount)],
    [t('sales.quantity'), t('sales.tons', { value: formatNumber(sale.quantity, i18n.language) })],
    [t('sales.pricePerUnit'), t('sales.perTon', { value: money(sale.pricePerUnit) })],
  ];
  if (sale.buyer) {
    rows.push([t('sales.buyer'), sale.buyer]);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{sale.commodityId === null ? t('sales.customSale') : t('sales.commoditySale')}</CardTitle>
        {sale.description ? <CardDescription>{sale.description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="text-right font-medium text-stone-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
