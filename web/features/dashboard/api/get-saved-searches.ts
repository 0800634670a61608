// GET /api/saved-searches: a buyer's saved marketplace searches.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSavedSearch } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.dashboard, 'saved-searches'],
    queryFn: ({ signal }) => api.get<TSavedSearch[]>('/api/saved-searches', signal),
  });

export const useSavedSearches = (enabled: boolean) => useQuery({ ...savedSearchesQuery(), enabled });
