// GET /api/commodity-kinds: the deployment's commodity catalogue, named in the reader's language. The marketplace
// picks from it and the managers' catalogue screen edits it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommodityKind } from '../../../contract/commodity-kinds';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const commodityKindsQuery = (language: string) =>
  queryOptions({
    // Under `market`: a catalogue edit is a market change, and the names follow the reader's language.
    queryKey: [...queryRoots.market, 'kinds', language],
    queryFn: ({ signal }) => api.get<TCommodityKind[]>('/api/commodity-kinds', signal),
    staleTime: 5 * 60_000,
  });

export const useCommodityKinds = (language: string) => useQuery(commodityKindsQuery(language));
