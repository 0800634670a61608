// The stores with their totals (tons, value at today's prices, lots without a price), each with its lots: crop,
// grade, moisture, free / listed / total tons, value, receipt number and the first photo. A lot opens its page.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TLot } from '../../../../contract/stock';
import { ERROR_BOX } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatNumber, formatTons } from '../../../lib/format';
import { lotsQuery, storesQuery } from '../../../lib/queries/stock';
import { groupLots, lotTotals, type StoreGroup, stockMoney } from '../format';

export function StoreList({ owner }: { owner: number | null }) {
  const { t } = useTranslation('stock');
  const stores = useQuery(storesQuery());
  const lots = useInfiniteQuery(lotsQuery({ owner }));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = lots;
  const groups = useMemo(
    () =>
      groupLots(
        stores.data ?? [],
        lots.data?.pages.flatMap((page) => page.items) ?? [],
        // A represented farmer's stock: their lots' stores, not the agent's own empty ones.
        owner === null,
      ),
    [stores.data, lots.data, owner],
  );
  if (lots.isPending || stores.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  const error = lots.error ?? stores.error;
  if (error && groups.length === 0) {
    return (
      <p role="alert" className={ERROR_BOX}>
        {t('loadError', { message: queryErrorText(error) })}
      </p>
    );
  }
  if (groups.length === 0) {
    return (
      <Card>
        <CardContent className="pt-4 text-center text-sm text-stone-600">{t('empty')}</CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={lots.isPlaceholderData}>
      {groups.map((group) => (
        <StoreCard key={group.store.id} group={group} />
      ))}
      {hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function StoreCard({ group }: { group: StoreGroup }) {
  const { t, i18n } = useTranslation('stock');
  const { store, listed, lots } = group;
  const totals = listed ?? lotTotals(lots);
  return (
    <Card data-testid="store-card">
      <CardHeader>
        <CardTitle>{store.name}</CardTitle>
        <CardDescription>
          {t(`store.kind.${store.kind}`)}
          {store.location ? ` · ${store.location}` : null}
        </CardDescription>
        {totals.lots > 0 ? (
          <p className="text-sm text-stone-800" data-testid="store-totals">
            {t('store.totals', {
              count: totals.lots,
              quantity: formatTons(totals.quantity, i18n.language),
              value: stockMoney(totals.value, i18n.language),
            })}
            {totals.unpriced > 0 ? ` · ${t('store.unpriced', { count: totals.unpriced })}` : null}
          </p>
        ) : null}
        {listed && (listed.owner || listed.keepers.length > 0) ? (
          <p className="text-xs text-stone-600">
            {[
              listed.owner ? t('store.owner', { name: listed.owner.username }) : null,
              listed.keepers.length > 0
                ? t('store.keepers', { names: listed.keepers.map((k) => k.username).join(', ') })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {lots.length === 0 ? (
          <p className="text-sm text-stone-600">{t('store.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {lots.map((lot) => (
              <LotRow key={lot.id} lot={lot} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LotRow({ lot }: { lot: TLot }) {
  const { t, i18n } = useTranslation('stock');
  const tons = (value: number) => t('tons', { value: formatTons(value, i18n.language) });
  return (
    <li data-testid="lot-row">
      <Link href={`/stock?lot=${lot.id}`} className="flex gap-3 py-3 hover:bg-stone-50">
        {lot.photos[0] ? (
          <img
            src={lot.photos[0].thumb}
            alt={t('lot.photo', { crop: lot.crop })}
            loading="lazy"
            width={56}
            height={56}
            className="h-14 w-14 shrink-0 rounded-md border border-stone-200 object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
            {lot.crop}
            {lot.variety ? <span className="font-normal text-stone-600">{lot.variety}</span> : null}
            <Badge variant="secondary">
              {t(lot.grade === null ? 'lot.ungraded' : 'lot.grade', { grade: lot.grade })}
            </Badge>
          </p>
          <p className="text-xs text-stone-600">
            {lot.moisture === null
              ? t('lot.noMoisture')
              : t('lot.moisture', { moisture: formatNumber(lot.moisture, i18n.language) })}
            {lot.receipt ? ` · ${t('lot.receipt', { number: lot.receipt.number })}` : null}
          </p>
          <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-stone-600">{t('lot.free')}</dt>
              <dd data-testid="lot-free">{tons(lot.free)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('lot.reserved')}</dt>
              <dd>{tons(lot.reserved)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('lot.total')}</dt>
              <dd>{tons(lot.quantity)}</dd>
            </div>
          </dl>
          <p className="text-sm text-stone-800" data-testid="lot-value">
            {lot.value === null ? t('lot.noPrice') : stockMoney(lot.value.total, i18n.language)}
          </p>
        </div>
      </Link>
    </li>
  );
}
