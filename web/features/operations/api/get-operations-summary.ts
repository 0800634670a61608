// GET /api/operations/summary (managers): orders by status, deliveries that stopped moving, open disputes and the
// value traded; refreshed every minute and by order events.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOperationsSummary } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const operationsSummaryQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.operations, 'summary'],
    queryFn: ({ signal }) => api.get<TOperationsSummary>('/api/operations/summary', signal),
    refetchInterval: 60_000,
  });

export const useOperationsSummary = (enabled: boolean) => useQuery({ ...operationsSummaryQuery(), enabled });
