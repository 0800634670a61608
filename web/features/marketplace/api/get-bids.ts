// GET /api/bids: the bids a farmer (or their agent) received, pending ones here; a buyer's own bids, every status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBidDetail } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Pending bids received; `farmer` (an agent's choice) keeps those on one represented farmer's listings. */
export const pendingBidsQuery = (farmer: number | null = null) =>
  queryOptions({
    queryKey: [...queryRoots.bids, 'pending', farmer],
    queryFn: ({ signal }) =>
      api.get<TBidDetail[]>(
        `/api/bids?status=pending&limit=200${farmer === null ? '' : `&farmer=${farmer}`}`,
        signal,
      ),
    staleTime: 30_000,
    // While another farmer's bids load, the previous ones stay on screen.
    placeholderData: keepPreviousData,
  });

export const usePendingBids = (enabled: boolean, farmer: number | null = null) =>
  useQuery({ ...pendingBidsQuery(farmer), enabled });

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
