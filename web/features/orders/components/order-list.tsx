// The orders of one side and status, page by page (more with the button).
// The first page is drawn a few cards at a time, each pass a deferred (interruptible) render, so that no single
// commit (and layout) holds it all on a slow phone; later pages and changes are drawn at once.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { NONE, useDeferredFirst } from '../../../lib/use-deferred-first';
import { useRevealCount } from '../../../lib/use-reveal-count';
import { type OrdersFilter, ordersQuery } from '../api/get-orders';
import { OrderCard } from './order-card';

/** Cards drawn in the first pass, then in each later one. */
const FIRST_CARDS = 3;
const CARDS_STEP = 6;

export function OrderList({ filter }: { filter: OrdersFilter }) {
  const { t } = useTranslation('orders');
  const orders = useInfiniteQuery(ordersQuery(filter));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = orders;
  const data = useDeferredFirst(orders.data);
  const list = useMemo(() => data?.pages.flatMap((page) => page.items) ?? NONE, [data]);
  const shown = useRevealCount(list.length, FIRST_CARDS, CARDS_STEP);

  if (data === undefined && !orders.isError) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (orders.isError && list.length === 0) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('list.loadError', { message: queryErrorText(orders.error) })}
      </p>
    );
  }
  if (list.length === 0) {
    return (
      <Card>
        <CardContent className="pt-4 text-center text-sm text-stone-600">{t('list.empty')}</CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={orders.isPlaceholderData}>
      {list.slice(0, shown).map((order) => (
        <OrderCard key={order.id} order={order} side={filter.side} />
      ))}
      {shown < list.length ? null : hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      ) : (
        <p className="text-center text-sm text-stone-600">{t('list.end')}</p>
      )}
    </div>
  );
}

/** One empty list for 'no data yet'. */
