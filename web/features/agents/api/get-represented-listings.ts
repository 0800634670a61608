// GET /api/commodities?mine=1: for an agent, the listings of the farmers they represent (first page, the largest).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '../../../../contract/constants';
import type { TCommodity } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const representedListingsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.commodities, 'mine'],
    queryFn: ({ signal }) => api.get<TCommodity[]>(`/api/commodities?mine=1&limit=${MAX_PAGE_LIMIT}`, signal),
    staleTime: 30_000,
  });

export const useRepresentedListings = () => useQuery(representedListingsQuery());
