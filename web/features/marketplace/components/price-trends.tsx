// Price trends: a 400 px chart of one market's daily price and volume, with a commodity selector. The history and
// chart are drawn when the card comes near the screen (on a phone it is below the fold).
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMarketSummaryItem } from '../../../../contract/marketplace';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { usePriceHistory } from '../api/get-price-history';
import { price, tons } from '../format';
import { PriceChart } from './price-chart';

export const PriceTrends = memo(function PriceTrends({ markets }: { markets: TMarketSummaryItem[] }) {
  const { t, i18n } = useTranslation('marketplace');
  const lang = i18n.language;
  const [selected, setSelected] = useState<string | null>(null);
  const commodity = selected ?? markets[0]?.name ?? null;
  const [cardRef, near] = useNearViewport<HTMLDivElement>();
  const history = usePriceHistory(commodity, near);
  const data = (history.data ?? []).map((point) => ({
    timestamp: point.timestamp,
    price: point.price ?? null,
    volume: point.volume,
  }));
  return (
    <Card className="mb-6" ref={cardRef} data-testid="price-trends">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('trends.title')}</CardTitle>
        <div className="flex items-center gap-2 text-sm text-stone-700">
          <label htmlFor="trends-commodity">{t('trends.commodity')}</label>
          <Select
            id="trends-commodity"
            className="w-44"
            value={commodity ?? ''}
            onChange={(event) => setSelected(event.target.value)}
          >
            {markets.map((market) => (
              <option key={market.id} value={market.name}>
                {market.name}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {queryErrorText(history.error)}
          </p>
        ) : !near ? (
          <div className="h-[400px]" />
        ) : history.isPending ? (
          <div className="flex h-[400px] items-center justify-center">
            <Spinner />
          </div>
        ) : data.every((point) => point.price === null) ? (
          <p className="flex h-[400px] items-center justify-center text-sm text-stone-600">
            {t('trends.empty')}
          </p>
        ) : (
          <PriceChart
            data={data}
            language={lang}
            priceLabel={t('trends.price')}
            volumeLabel={t('trends.volume')}
            formatPrice={(value) => price(value, lang)}
            formatVolume={(value) => t('tons', { value: tons(value, lang) })}
          />
        )}
      </CardContent>
    </Card>
  );
});
