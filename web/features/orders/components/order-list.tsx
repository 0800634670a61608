// The orders of one side and status, page by page (more with the button).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { type OrdersFilter, ordersQuery } from '../api/get-orders';
import { OrderCard } from './order-card';

export function OrderList({ filter }: { filter: OrdersFilter }) {
  const { t } = useTranslation('orders');
  const orders = useInfiniteQuery(ordersQuery(filter));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = orders;
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  if (orders.isPending) {
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
      {list.map((order) => (
        <OrderCard key={order.id} order={order} side={filter.side} />
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
      ) : (
        <p className="text-center text-sm text-stone-600">{t('list.end')}</p>
      )}
    </div>
  );
}
