// GET /api/market/summary: one item per market, refreshed every 30 s (and at once by live events).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TMarketSummaryItem } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const marketSummaryQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.market, 'summary'],
    queryFn: ({ signal }) => api.get<TMarketSummaryItem[]>('/api/market/summary', signal),
    refetchInterval: INTERVALS.market,
  });

export const useMarketSummary = () => useQuery(marketSummaryQuery());
