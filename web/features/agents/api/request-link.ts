// POST /api/agent-links: an agent asks a farmer to let them represent them, through the outbox; the link waits for
// the farmer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAgentLink, ZAgentLinkInput } from '../../../../contract/agents';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { agentLinksQuery } from '../../../lib/queries/agent-links';

export function useRequestLink() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    /** `farmerName`: for the outbox's label. */
    mutationFn: ({ farmerName, ...input }: z.input<typeof ZAgentLinkInput> & { farmerName: string }) =>
      write<TAgentLink>({
        method: 'POST',
        path: '/api/agent-links',
        body: input,
        label: { key: 'outbox:labels.agentLink', params: { user: farmerName } },
      }),
    onSettled: settle(() => queryClient.invalidateQueries({ queryKey: agentLinksQuery().queryKey })),
  });
}
