// PATCH /api/agent-links/:id: the farmer accepts (active) or declines an agent's request, through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAgentLink, ZAgentLinkUpdate } from '../../../../contract/agents';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { agentLinksQuery } from '../../../lib/queries/agent-links';

export function useAnswerLink() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: ({ link, status }: { link: TAgentLink } & z.input<typeof ZAgentLinkUpdate>) =>
      write<TAgentLink>({
        method: 'PATCH',
        path: `/api/agent-links/${link.id}`,
        body: { status } satisfies z.input<typeof ZAgentLinkUpdate>,
        label: { key: 'outbox:labels.agentLink', params: { user: link.agent.username } },
      }),
    onSettled: settle(() => queryClient.invalidateQueries({ queryKey: agentLinksQuery().queryKey })),
  });
}
