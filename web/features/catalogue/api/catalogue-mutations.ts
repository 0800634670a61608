// POST and PATCH /api/commodity-kinds, DELETE /api/commodity-kind-requests/:id (managers). A kind's edit can move
// listings into its market and rename markets, so the market data and the catalogue work are refetched after it.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodityKind, TKindInput, TKindUpdate } from '../../../../contract/commodity-kinds';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

const refetchAfterEdit = (queryClient: QueryClient) =>
  Promise.all(
    [queryRoots.market, queryRoots.catalogue, queryRoots.commodities].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function useCreateKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: TKindInput) => api.post<TCommodityKind>('/api/commodity-kinds', kind),
    onSuccess: () => refetchAfterEdit(queryClient),
  });
}

export function useUpdateKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, changes }: { key: string; changes: TKindUpdate }) =>
      api.patch<TCommodityKind>(`/api/commodity-kinds/${encodeURIComponent(key)}`, changes),
    onSuccess: () => refetchAfterEdit(queryClient),
  });
}

/** Closes a user's request (answered by a new kind or a synonym, or declined). */
export function useCloseKindRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/commodity-kind-requests/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryRoots.catalogue, 'requests'] }),
  });
}
