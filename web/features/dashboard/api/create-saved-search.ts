// POST /api/saved-searches: save a marketplace search; the dashboard (count and list) refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedSearch, TSavedSearchInput } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { dashboardQuery } from './get-dashboard';

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavedSearchInput) => api.post<TSavedSearch>('/api/saved-searches', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  });
}
