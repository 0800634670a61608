// GET /api/orders: the caller's orders as buyer, seller, agent (or all, for managers), newest first, page by page.
import { infiniteQueryOptions, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import type { OrderStatus } from '../../../../contract/orders-constants';
import { getPage } from '../../../lib/api-page';
import { queryRoots } from '../../../lib/query-keys';

export type OrderSide = 'buyer' | 'seller' | 'agent' | 'all';

export interface OrdersFilter {
  side: OrderSide;
  status: OrderStatus | '';
  /** An agent's choice of one represented farmer's orders (null: all). */
  farmer: number | null;
}

/** Small pages: cards are tall and the first screen should come quickly on a weak connection. */
export const ORDERS_PAGE_SIZE = 20;

export const ordersQuery = (filter: OrdersFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.orders, 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      getPage<TOrder>(
        '/api/orders',
        {
          as: filter.side === 'all' ? undefined : filter.side,
          status: filter.status,
          farmer: filter.farmer ?? undefined,
          limit: ORDERS_PAGE_SIZE,
        },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While another tab or status loads, the previous cards stay on screen.
    placeholderData: keepPreviousData,
  });

/** After any change to an order: its lists, the dashboard figures and the seller's books (payments, refunds). */
export function invalidateOrders(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryRoots.orders, queryRoots.dashboard, queryRoots.farms].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
