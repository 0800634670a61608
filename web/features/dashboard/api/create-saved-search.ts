// POST /api/saved-searches: save a marketplace search through the outbox; the dashboard (count and list) refetches
// once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedSearch, TSavedSearchInput } from '../../../../contract/users';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { dashboardQuery } from './get-dashboard';

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TSavedSearchInput) =>
      write<TSavedSearch>({
        method: 'POST',
        path: '/api/saved-searches',
        body: input,
        label: { key: 'outbox:labels.savedSearchCreate', params: { name: input.name } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey })),
  });
}
