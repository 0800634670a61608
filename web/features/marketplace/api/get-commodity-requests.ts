// GET /api/commodity-requests: open requests (farmers see all, buyers their own).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommodityRequest } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';

export const commodityRequestsQuery = () =>
  queryOptions({
    queryKey: ['commodity-requests', 'open'],
    queryFn: ({ signal }) => api.get<TCommodityRequest[]>('/api/commodity-requests?limit=200', signal),
    staleTime: 30_000,
  });

export const useCommodityRequests = () => useQuery(commodityRequestsQuery());
