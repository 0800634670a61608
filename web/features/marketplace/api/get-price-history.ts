// GET /api/market/price-history?commodity=: daily price and volume of one market, refreshed every 30 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TPricePoint } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const priceHistoryQuery = (commodity: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.market, 'price-history', commodity ?? ''],
    queryFn: ({ signal }) =>
      api.get<TPricePoint[]>(
        commodity
          ? `/api/market/price-history?commodity=${encodeURIComponent(commodity)}`
          : '/api/market/price-history',
        signal,
      ),
    refetchInterval: INTERVALS.market,
  });

export const usePriceHistory = (commodity: string | null, enabled = true) =>
  useQuery({ ...priceHistoryQuery(commodity), enabled });
