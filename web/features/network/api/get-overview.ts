// GET /api/network/overview: the network's counts (connected farmers, active discussions, recent events).
import { useQuery } from '@tanstack/react-query';
import type { TNetworkOverview } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useNetworkOverview() {
  return useQuery({
    queryKey: queryRoots.networkOverview,
    queryFn: ({ signal }) => api.get<TNetworkOverview>('/api/network/overview', signal),
  });
}
