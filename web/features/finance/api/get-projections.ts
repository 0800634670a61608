// GET /api/farms/:id/projections: the coming months' income and expense from the farm's history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TProjections } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const projectionsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'projections'],
    queryFn: ({ signal }) => api.get<TProjections>(`/api/farms/${farmId}/projections`, signal),
    staleTime: INTERVALS.financials,
  });

export const useProjections = (farmId: number) => useQuery(projectionsQuery(farmId));
