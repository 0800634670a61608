// GET /api/farms and POST /api/farms: the caller's farms, shared by the farm and finance screens.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFarm, TFarmInput } from '../../../contract/farms';
import { api } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';

export const farmsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.farms, 'list'],
    queryFn: ({ signal }) => api.get<TFarm[]>('/api/farms', signal),
  });

export const useFarms = () => useQuery(farmsQuery());

export function useCreateFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TFarmInput) => api.post<TFarm>('/api/farms', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmsQuery().queryKey }),
  });
}
