// GET /api/commodity-kinds/unmatched and GET /api/commodity-kind-requests (managers): the names no kind matches, with
// how often each is used, and the users' requests to add a commodity.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TKindRequest, TUnmatchedMarket } from '../../../../contract/commodity-kinds';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const unmatchedNamesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.catalogue, 'unmatched'],
    queryFn: ({ signal }) => api.get<TUnmatchedMarket[]>('/api/commodity-kinds/unmatched', signal),
  });

export const kindRequestsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.catalogue, 'requests'],
    queryFn: ({ signal }) => api.get<TKindRequest[]>('/api/commodity-kind-requests', signal),
  });

export const useUnmatchedNames = (enabled: boolean) => useQuery({ ...unmatchedNamesQuery(), enabled });
export const useKindRequests = (enabled: boolean) => useQuery({ ...kindRequestsQuery(), enabled });
