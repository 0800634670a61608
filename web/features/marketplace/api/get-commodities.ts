// GET /api/commodities: the market's listings (first page, the largest the API allows), fresh for 30 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS, MAX_PAGE_LIMIT } from '../../../../contract/constants';
import type { TCommodity } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const commoditiesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.commodities, 'list'],
    queryFn: ({ signal }) => api.get<TCommodity[]>(`/api/commodities?limit=${MAX_PAGE_LIMIT}`, signal),
    staleTime: INTERVALS.commoditiesStale,
  });

export const useCommodities = () => useQuery(commoditiesQuery());
