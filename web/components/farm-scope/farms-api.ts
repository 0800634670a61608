// GET /api/farms and POST /api/farms (through the outbox): the caller's farms, shared by the farm and finance screens.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFarm, TFarmInput } from '../../../contract/farms';
import { api } from '../../lib/api-client';
import { useOutboxWrite } from '../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../lib/query-keys';

export const farmsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.farms, 'list'],
    queryFn: ({ signal }) => api.get<TFarm[]>('/api/farms', signal),
  });

export const useFarms = () => useQuery(farmsQuery());

export function useCreateFarm() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TFarmInput) =>
      write<TFarm>({
        method: 'POST',
        path: '/api/farms',
        body: input,
        // The outbox has no label of its own for a new farm yet.
        label: { key: 'outbox:labels.farmCreate', params: { name: input.name } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: farmsQuery().queryKey })),
  });
}
