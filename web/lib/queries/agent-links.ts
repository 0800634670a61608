// GET /api/agent-links: the caller's links, as agent or as farmer (pending, active, declined). The agents screen
// lists them; the marketplace and the orders screens take the farmers an agent represents now from them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgentLink } from '../../../contract/agents';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const agentLinksQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.agentLinks, 'list'],
    queryFn: ({ signal }) => api.get<TAgentLink[]>('/api/agent-links', signal),
    staleTime: 30_000,
  });

export const useAgentLinks = () => useQuery(agentLinksQuery());

/** The farmers of the caller's active links, by name. */
const activeFarmers = (links: TAgentLink[]) =>
  links
    .filter((link) => link.status === 'active')
    .map((link) => link.farmer)
    .sort((a, b) => a.username.localeCompare(b.username));

export const useRepresentedFarmers = (enabled: boolean) =>
  useQuery({ ...agentLinksQuery(), enabled, select: activeFarmers });
