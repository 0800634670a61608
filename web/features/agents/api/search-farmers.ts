// GET /api/users?role=farmer: farmers in the directory whose name matches, for an agent to choose whom to represent.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDirectoryUser } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Enough to choose from; a longer list asks for a narrower search. */
export const FARMERS_SHOWN = 50;

export const farmersQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryRoots.users, 'farmers', search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ role: 'farmer', limit: String(FARMERS_SHOWN) });
      if (search) {
        params.set('search', search);
      }
      return api.get<TDirectoryUser[]>(`/api/users?${params}`, signal);
    },
    staleTime: 60_000,
    // While a new search loads, the previous choices stay.
    placeholderData: keepPreviousData,
  });

export const useFarmers = (search: string, enabled: boolean) =>
  useQuery({ ...farmersQuery(search), enabled });
