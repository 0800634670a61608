// GET, POST and DELETE /api/price-alerts: "tell me when this commodity passes this price", for anyone signed in.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TPriceAlert, ZPriceAlertInput } from '../../../../contract/commodity-kinds';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const priceAlertsQuery = (language: string) =>
  queryOptions({
    queryKey: [...queryRoots.market, 'alerts', language],
    queryFn: ({ signal }) => api.get<TPriceAlert[]>('/api/price-alerts', signal),
  });

export const usePriceAlerts = (language: string) => useQuery(priceAlertsQuery(language));

const refetch = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: [...queryRoots.market, 'alerts'] });

export function useSetPriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZPriceAlertInput>) => api.post<TPriceAlert>('/api/price-alerts', body),
    onSettled: () => refetch(queryClient),
  });
}

export function useRemovePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/price-alerts/${id}`),
    onSettled: () => refetch(queryClient),
  });
}
