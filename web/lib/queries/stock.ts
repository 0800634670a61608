// The stock reads shared by screens: stores, lots (page by page), one lot with its movements, the caller's stock
// summary (the finance memo) and the lots a listing may sell from (the listing form). Every key is under
// queryRoots.stock, so a movement or a sale refreshes them all through it.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TLot, TLotDetail, TStockSummary, TStore } from '../../../contract/stock';
import { api } from '../api-client';
import { getPage } from '../api-page';
import { queryRoots } from '../query-keys';

/** Lots per page: a farmer's whole store fits in one on most phones. */
export const LOTS_PAGE_SIZE = 50;

export interface LotsFilter {
  /** Whose lots (an agent's chosen farmer); null: the caller's own and those in the stores they keep. */
  owner: number | null;
  store?: number;
}

export const storesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'stores'],
    queryFn: ({ signal }) => api.get<{ data: TStore[] }>('/api/stores', signal).then((r) => r.data),
  });

export const lotsQuery = (filter: LotsFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.stock, 'lots', filter],
    queryFn: ({ pageParam, signal }) =>
      getPage<TLot>(
        '/api/lots',
        { owner: filter.owner ?? undefined, store: filter.store, limit: LOTS_PAGE_SIZE },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While another farmer's lots load, the previous ones stay on screen.
    placeholderData: keepPreviousData,
  });

export const lotQuery = (lotId: number) =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'lot', lotId],
    queryFn: ({ signal }) => api.get<TLotDetail>(`/api/lots/${lotId}`, signal),
  });

/** The lots a listing may draw on: one page of those with free stock, graded (a listing takes its lot's grade). */
export const sellableLotsQuery = (owner: number | null) =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'sellable', owner],
    queryFn: ({ signal }) =>
      getPage<TLot>('/api/lots', { owner: owner ?? undefined, limit: LOTS_PAGE_SIZE }, null, signal).then(
        (page) => page.items.filter((lot) => lot.canSell && lot.free > 0 && lot.grade !== null),
      ),
  });

/** The caller's stock (or a represented farmer's) at market value: the finance overview's memo. */
export const stockSummaryQuery = (farmer: number | null) =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'summary', farmer],
    queryFn: ({ signal }) =>
      api.get<TStockSummary>(
        farmer === null ? '/api/lots/summary' : `/api/lots/summary?farmer=${farmer}`,
        signal,
      ),
  });
