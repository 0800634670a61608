// A memo under the overview's figures: the stock held at today's market value. Not booked (the ledger keeps costs
// and sales), so it is a line of its own, not part of the assets; nothing when there are no lots (or no answer).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { centsToDecimal } from '../../../../contract/money';
import { formatMoney } from '../../../lib/format';
import { stockSummaryQuery } from '../../../lib/queries/stock';

export function StockMemo({ farmer }: { farmer: number | null }) {
  const { t, i18n } = useTranslation('finance');
  const summary = useQuery(stockSummaryQuery(farmer));
  if (!summary.data || summary.data.lots === 0) {
    return null;
  }
  const { value, unpriced } = summary.data;
  return (
    <p className="text-sm text-stone-700" data-testid="stock-memo">
      {t('overview.stockMemo', { value: formatMoney(centsToDecimal(value), i18n.language) })}
      {unpriced > 0 ? ` ${t('overview.stockUnpriced', { count: unpriced })}` : null}
    </p>
  );
}
