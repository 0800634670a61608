// GET /api/agent-links: the caller's links, as agent or as farmer (pending, active, declined).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgentLink } from '../../../../contract/agents';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const agentLinksQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.agentLinks, 'list'],
    queryFn: ({ signal }) => api.get<TAgentLink[]>('/api/agent-links', signal),
    staleTime: 30_000,
  });

export const useAgentLinks = () => useQuery(agentLinksQuery());
