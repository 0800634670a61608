// DELETE /api/agent-links/:id: either side ends a link (or the agent cancels a request); the agent's view of the
// farmer's listings goes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useEndLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/agent-links/${id}`),
    onSettled: async () => {
      await Promise.all(
        [queryRoots.agentLinks, queryRoots.commodities, queryRoots.bids].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
