// POST /api/farms/:id/analytics/generate: runs one analysis; a failure is logged only (spec §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnalyticsType } from '../../../../contract/crops';
import type { TAnalyticsItem, TFarmAnalytics, ZGenerateInput } from '../../../../contract/farm-data';
import { api } from '../../../lib/api-client';
import { farmAnalyticsQuery } from './get-farm-analytics';

export function useGenerateAnalytics(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: AnalyticsType) =>
      api.post<TAnalyticsItem>(`/api/farms/${farmId}/analytics/generate`, { type } satisfies z.input<
        typeof ZGenerateInput
      >),
    onSuccess: (item) => {
      const key = farmAnalyticsQuery(farmId).queryKey;
      queryClient.setQueryData<TFarmAnalytics>(key, (old) =>
        old ? { ...old, analytics: [item, ...old.analytics.filter((a) => a.id !== item.id)] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      console.error('Failed to generate analytics', error);
    },
  });
}
