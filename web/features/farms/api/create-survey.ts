// POST /api/farms/:id/surveys: records a field survey (growth stage, pests, irrigation), refetching the farm's data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSurvey, TSurveyInput } from '../../../../contract/farm-data';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export function useCreateSurvey(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSurveyInput) => api.post<TSurvey>(`/api/farms/${farmId}/surveys`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKey(farmId) }),
  });
}
