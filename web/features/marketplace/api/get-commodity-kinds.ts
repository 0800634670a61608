// GET /api/commodity-kinds: the deployment's commodity catalogue, named in the reader's language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommodityKind } from '../../../../contract/commodity-kinds';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const commodityKindsQuery = (language: string) =>
  queryOptions({
    // Under `market`: a catalogue edit is a market change, and the names follow the reader's language.
    queryKey: [...queryRoots.market, 'kinds', language],
    queryFn: ({ signal }) => api.get<TCommodityKind[]>('/api/commodity-kinds', signal),
    staleTime: 5 * 60_000,
  });

export const useCommodityKinds = (language: string) => useQuery(commodityKindsQuery(language));
