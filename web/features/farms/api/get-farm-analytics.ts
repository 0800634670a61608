// GET /api/farms/:id/analytics: the farm, its temperature points, latest surveys and results; refreshed every 60 s.
// Only the temperature readings: the overview charts no other type, and each other type would add as many points.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SensorType } from '../../../../contract/crops';
import type { TFarmAnalytics } from '../../../../contract/farm-data';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

/** The sensor type the overview charts. */
export const CHARTED_TYPE = 'temperature' satisfies SensorType;

export const farmAnalyticsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'analytics'],
    queryFn: ({ signal }) =>
      api.get<TFarmAnalytics>(`/api/farms/${farmId}/analytics?type=${CHARTED_TYPE}`, signal),
    refetchInterval: 60_000,
  });

export const useFarmAnalytics = (farmId: number) => useQuery(farmAnalyticsQuery(farmId));
