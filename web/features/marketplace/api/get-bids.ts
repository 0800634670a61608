// GET /api/bids: a buyer's own bids, or the bids a farmer received (pending ones here).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBidDetail } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const pendingBidsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.bids, 'pending'],
    queryFn: ({ signal }) => api.get<TBidDetail[]>('/api/bids?status=pending&limit=200', signal),
    staleTime: 30_000,
  });

export const usePendingBids = (enabled: boolean) => useQuery({ ...pendingBidsQuery(), enabled });
