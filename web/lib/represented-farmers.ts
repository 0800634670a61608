// GET /api/agent-links: the farmers an agent represents now (to list for one, to read one's orders and bids).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgentLink } from '../../contract/agents';
import { api } from './api-client';
import { queryRoots } from './query-keys';

export const agentLinksQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.agentLinks, 'list'],
    queryFn: ({ signal }) => api.get<TAgentLink[]>('/api/agent-links', signal),
    staleTime: 30_000,
  });

/** The farmers of the caller's active links, by name. */
const activeFarmers = (links: TAgentLink[]) =>
  links
    .filter((link) => link.status === 'active')
    .map((link) => link.farmer)
    .sort((a, b) => a.username.localeCompare(b.username));

export const useRepresentedFarmers = (enabled: boolean) =>
  useQuery({ ...agentLinksQuery(), enabled, select: activeFarmers });
