// GET /api/orders/:id/ratings: the caller's rating of the other side of an order and theirs, with what may be done.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderRatings } from '../../../contract/ratings';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const orderRatingsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...queryRoots.ratings, 'order', orderId],
    queryFn: ({ signal }) => api.get<TOrderRatings>(`/api/orders/${orderId}/ratings`, signal),
  });

export const useOrderRatings = (orderId: number) => useQuery(orderRatingsQuery(orderId));
