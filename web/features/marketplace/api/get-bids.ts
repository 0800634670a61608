// GET /api/bids: the bids a farmer (or their agent) received, pending ones here; a buyer's own bids, every status.
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

const newestFirst = (bids: TBidDetail[]) => [...bids].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** A buyer's bid history, newest first. */
export const myBidsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.bids, 'mine'],
    queryFn: ({ signal }) => api.get<TBidDetail[]>('/api/bids?limit=200', signal),
    select: newestFirst,
    staleTime: 30_000,
  });

export const useMyBids = (enabled: boolean) => useQuery({ ...myBidsQuery(), enabled });
