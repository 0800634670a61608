// GET /api/farms/:id/financials: overview figures with the latest transactions and sales, refreshed every 30 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TFinancials } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const financialsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'financials'],
    queryFn: ({ signal }) => api.get<TFinancials>(`/api/farms/${farmId}/financials`, signal),
    refetchInterval: INTERVALS.financials,
    staleTime: INTERVALS.financials,
  });

export const useFinancials = (farmId: number) => useQuery(financialsQuery(farmId));
