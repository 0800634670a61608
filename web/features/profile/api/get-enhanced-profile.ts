// GET /api/enhanced-profile: location, farm types, certifications, languages and the contact setting.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TEnhancedProfile } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const enhancedProfileQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.profile, 'enhanced'],
    queryFn: ({ signal }) => api.get<TEnhancedProfile>('/api/enhanced-profile', signal),
    staleTime: INTERVALS.profileStale,
  });

export const useEnhancedProfile = () => useQuery(enhancedProfileQuery());
