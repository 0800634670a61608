// POST /api/agent-links: an agent asks a farmer to let them represent them; the link waits for the farmer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAgentLink, ZAgentLinkInput } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { agentLinksQuery } from './get-agent-links';

export function useRequestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZAgentLinkInput>) => api.post<TAgentLink>('/api/agent-links', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentLinksQuery().queryKey }),
  });
}
