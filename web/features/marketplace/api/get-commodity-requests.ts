// GET /api/commodity-requests: open requests (farmers see all, buyers their own).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommodityRequest } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const commodityRequestsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.commodityRequests, 'open'],
    queryFn: ({ signal }) => api.get<TCommodityRequest[]>('/api/commodity-requests?limit=200', signal),
    staleTime: 30_000,
  });

export const useCommodityRequests = () => useQuery(commodityRequestsQuery());
