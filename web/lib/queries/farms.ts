// GET /api/farms: the caller's farms, shared by the farm and finance screens (through the farm scope).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFarm } from '../../../contract/farms';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const farmsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.farms, 'list'],
    queryFn: ({ signal }) => api.get<TFarm[]>('/api/farms', signal),
  });

export const useFarms = () => useQuery(farmsQuery());
