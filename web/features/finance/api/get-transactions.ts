// GET /api/farms/:id/transactions: the first page (newest first) of the farm's transactions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TTransaction } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const transactionsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'transactions'],
    queryFn: ({ signal }) => api.get<TTransaction[]>(`/api/farms/${farmId}/transactions?limit=50`, signal),
    refetchInterval: INTERVALS.financials,
    staleTime: INTERVALS.financials,
  });

export const useTransactions = (farmId: number) => useQuery(transactionsQuery(farmId));

export const transactionsCsvUrl = (farmId: number) => `/api/farms/${farmId}/transactions.csv`;
