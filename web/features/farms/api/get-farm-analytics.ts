// GET /api/farms/:id/analytics: the farm, its sensor series, latest surveys and results; refreshed every 60 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFarmAnalytics } from '../../../../contract/farm-data';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const farmAnalyticsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'analytics'],
    queryFn: ({ signal }) => api.get<TFarmAnalytics>(`/api/farms/${farmId}/analytics`, signal),
    refetchInterval: 60_000,
  });

export const useFarmAnalytics = (farmId: number) => useQuery(farmAnalyticsQuery(farmId));
