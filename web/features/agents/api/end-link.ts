// DELETE /api/agent-links/:id: either side ends a link (or the agent cancels a request), through the outbox; the
// agent's view of the farmer's listings goes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

export function useEndLink() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    /** `other`: the other side's name, for the outbox's label. */
    mutationFn: ({ id, other }: { id: number; other: string }) =>
      write<void>({
        method: 'DELETE',
        path: `/api/agent-links/${id}`,
        label: { key: 'outbox:labels.agentLink', params: { user: other } },
      }),
    onSettled: settle(() =>
      Promise.all(
        [queryRoots.agentLinks, queryRoots.commodities, queryRoots.bids].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}
