// PATCH /api/agent-links/:id: the farmer accepts (active) or declines an agent's request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAgentLink, ZAgentLinkUpdate } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { agentLinksQuery } from './get-agent-links';

export function useAnswerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & z.input<typeof ZAgentLinkUpdate>) =>
      api.patch<TAgentLink>(`/api/agent-links/${id}`, { status } satisfies z.input<typeof ZAgentLinkUpdate>),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentLinksQuery().queryKey }),
  });
}
