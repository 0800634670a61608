// DELETE /api/saved-searches/:id: forget a saved search through the outbox; the dashboard (count and list)
// refetches once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { dashboardQuery } from './get-dashboard';

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (id: number) =>
      write<void>({
        method: 'DELETE',
        path: `/api/saved-searches/${id}`,
        label: { key: 'outbox:labels.savedSearchDelete', params: {} },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey })),
  });
}
