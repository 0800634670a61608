// Market summary: one card per market with something to show (volume, price, change and trend; buyers also see best
// bid and supply).
import { ArrowDownRight, ArrowUpRight, type LucideIcon, Minus } from 'lucide-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMarketSummaryItem } from '../../../../contract/marketplace';
import { PRICE_WINDOW_DAYS } from '../../../../contract/marketplace-constants';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { type ChangeDirection, changeDirection, percent, price, tons } from '../format';
import type { WaitingBid } from '../hooks/use-waiting-bids';
import { marketsWithCards, priceBasis } from '../market-cards';
import { Sparkline } from './sparkline';
import { WaitingBidLine } from './waiting-bid-line';

export const MarketSummary = memo(function MarketSummary({
  items,
  isBuyer,
}: {
  items: TMarketSummaryItem[];
  isBuyer: boolean;
}) {
  const { t } = useTranslation('marketplace');
  const shown = useMemo(() => marketsWithCards(items), [items]);
  return (
    <section aria-labelledby="market-summary-title" className="mb-6">
      <h2 id="market-summary-title" className="mb-3 text-lg font-semibold text-stone-900">
        {t('summary.title')}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-stone-600">{t('summary.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {shown.map((item) => (
            <li key={item.id}>
              <SummaryCard item={item} isBuyer={isBuyer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

const CHANGE_ICONS: Record<ChangeDirection, LucideIcon> = {
  up: ArrowUpRight,
  down: ArrowDownRight,
  flat: Minus,
};
const CHANGE_COLOURS: Record<ChangeDirection, string> = {
  up: 'text-green-700',
  down: 'text-red-700',
  flat: 'text-stone-600',
};

function SummaryCard({ item, isBuyer }: { item: TMarketSummaryItem; isBuyer: boolean }) {
  const { t, i18n } = useTranslation('marketplace');
  const lang = i18n.language;
  const direction = changeDirection(item.priceChange);
  const Arrow = CHANGE_ICONS[direction];
  const busy = item.volume > item.averageVolume;
  const basis = priceBasis(item);
  return (
    <Card className="h-full" data-testid="market-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <CardTitle>{item.name}</CardTitle>
        <Badge
          variant={busy ? 'default' : 'secondary'}
          title={t('summary.averageVolume', { value: tons(item.averageVolume, lang) })}
        >
          {t('summary.volume', { value: tons(item.volume, lang) })}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="text-xl font-bold whitespace-nowrap text-stone-900" data-testid="market-price">
            {item.currentPrice === null ? '—' : price(item.currentPrice, lang)}
          </span>
          <span
            data-testid="market-change"
            data-direction={direction}
            className={`inline-flex items-center gap-0.5 text-sm font-medium whitespace-nowrap ${CHANGE_COLOURS[direction]}`}
          >
            <Arrow aria-hidden className="h-4 w-4" />
            <span className="sr-only">{t(`summary.${direction}`)}</span>
            {percent(item.priceChange, lang)} %
          </span>
        </div>
        <p className="text-xs text-stone-600">{t('summary.perTon')}</p>
        {basis === null ? null : (
          <p className="text-xs text-stone-500" data-testid="market-price-rule">
            {t(`summary.priceRule.${basis}`, { days: PRICE_WINDOW_DAYS })}
          </p>
        )}
        {item.trend.length > 1 ? (
          <Sparkline values={item.trend} direction={direction} />
        ) : (
          <div className="h-[60px]" />
        )}
        {isBuyer ? (
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-stone-600">{t('summary.bestBid')}</dt>
            <dd className="text-right font-medium text-stone-900">
              {item.bestBid === null ? t('summary.noBids') : price(item.bestBid, lang)}
            </dd>
            <dt className="text-stone-600">{t('summary.available')}</dt>
            <dd className="text-right font-medium text-stone-900">
              {t('tons', { value: tons(item.availableQuantity, lang) })}
            </dd>
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Markets where the buyer has a pending bid: 'Highest Bid' when theirs is above everyone else's. */
export const ActiveBids = memo(function ActiveBids({
  items,
  waiting,
}: {
  items: TMarketSummaryItem[];
  /** Bids still on the phone: listed first, marked as waiting. */
  waiting: WaitingBid[];
}) {
  const { t, i18n } = useTranslation('marketplace');
  const mine = items.filter((item) => item.yourBid !== null);
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('activeBids.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {mine.length === 0 && waiting.length === 0 ? (
          <p className="text-sm text-stone-600">{t('activeBids.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {waiting.map((bid) => (
              <WaitingBidLine key={bid.id} bid={bid} />
            ))}
            {mine.map((item) => {
              const highest = item.bestBid === null || (item.yourBid ?? 0) > item.bestBid;
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="active-bid"
                >
                  <span className="font-medium text-stone-900">{item.name}</span>
                  <span className="flex items-center gap-3">
                    <span className="text-sm text-stone-700">
                      {t('activeBids.yourBid', { value: price(item.yourBid ?? 0, i18n.language) })}
                    </span>
                    <Badge variant={highest ? 'default' : 'destructive'}>
                      {highest ? t('activeBids.highest') : t('activeBids.outbid')}
                    </Badge>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
});
