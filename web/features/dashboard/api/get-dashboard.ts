// GET /api/dashboard: the signed-in user's figures for their role.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: queryRoots.dashboard,
    queryFn: ({ signal }) => api.get<TDashboard>('/api/dashboard', signal),
    // Figures move with every bid and trade: live events refetch them, and so does coming back here.
    staleTime: 0,
  });

export const useDashboard = () => useQuery(dashboardQuery());
