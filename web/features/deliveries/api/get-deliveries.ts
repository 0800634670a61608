// GET /api/orders?as=driver&delivery=open|done: the driver's deliveries still to do (every one, however old) and
// the finished ones, newest first, page by page.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { getPage } from '../../../lib/api-page';
import { queryRoots } from '../../../lib/query-keys';

/** Open deliveries come in one page for a day's work; finished ones in small pages (a long history). */
export const DELIVERIES_PAGE_SIZE = { open: 100, done: 10 } as const;

export const deliveriesQuery = (delivery: 'open' | 'done') =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.orders, 'deliveries', delivery],
    queryFn: ({ pageParam, signal }) =>
      getPage<TOrder>(
        '/api/orders',
        { as: 'driver', delivery, limit: DELIVERIES_PAGE_SIZE[delivery] },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** After a step: every order list (the buyer's and seller's views change too) and the dashboard. */
export function invalidateDeliveries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryRoots.orders, queryRoots.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
