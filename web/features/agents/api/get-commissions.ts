// GET /api/commissions: what the agent earned on their farmers' orders, with this month's and all-time totals.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommissions } from '../../../../contract/agents';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const commissionsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.commissions, 'list'],
    queryFn: ({ signal }) => api.get<TCommissions>('/api/commissions', signal),
    staleTime: 30_000,
  });

export const useCommissions = () => useQuery(commissionsQuery());
