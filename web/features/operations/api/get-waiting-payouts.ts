// GET /api/operations/payouts (managers): payouts waiting for a manager (no proven number, not configured, failed).
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZWaitingPayout } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export type TWaitingPayout = z.infer<typeof ZWaitingPayout>;

export const waitingPayoutsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.operations, 'payouts'],
    queryFn: ({ signal }) => api.get<TWaitingPayout[]>('/api/operations/payouts', signal),
    refetchInterval: 60_000,
  });

export const useWaitingPayouts = (enabled: boolean) => useQuery({ ...waitingPayoutsQuery(), enabled });

/** After a payout was retried or recorded: the list, the operator's books and the orders it belongs to. */
export function invalidatePayouts(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryRoots.operations, queryRoots.orders, queryRoots.farms].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
