// GET /api/profile: the farmer profile and earned achievements (fresh for 30 s, spec §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TProfileResponse } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const profileQuery = () =>
  queryOptions({
    queryKey: queryRoots.profile,
    queryFn: ({ signal }) => api.get<TProfileResponse>('/api/profile', signal),
    staleTime: INTERVALS.profileStale,
  });

export const useProfile = () => useQuery(profileQuery());
