// GET /api/orders/:id: one order, as the caller may see it (the operations view links to it).
import { queryOptions } from '@tanstack/react-query';
import type { TOrder } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'one', orderId],
    queryFn: ({ signal }) => api.get<TOrder>(`/api/orders/${orderId}`, signal),
  });
