// GET /api/operations/escrow (managers): the money the operator holds, what it owes sellers and buyers, and by order;
// order events refresh it (the operations root).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOperatorEscrow } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const escrowQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.operations, 'escrow'],
    queryFn: ({ signal }) => api.get<TOperatorEscrow>('/api/operations/escrow', signal),
    refetchInterval: 60_000,
  });

export const useEscrow = (enabled: boolean) => useQuery({ ...escrowQuery(), enabled });
