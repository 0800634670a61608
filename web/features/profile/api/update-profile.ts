// PUT /api/profile and PUT /api/enhanced-profile, saved together from the edit form; the profile refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TEnhancedProfile,
  TEnhancedProfileUpdate,
  TProfileResponse,
  TProfileUpdate,
} from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { enhancedProfileQuery } from './get-enhanced-profile';
import { profileQuery } from './get-profile';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { profile: TProfileUpdate; enhanced: TEnhancedProfileUpdate }) => {
      const profile = await api.put<TProfileResponse>('/api/profile', input.profile);
      const enhanced = await api.put<TEnhancedProfile>('/api/enhanced-profile', input.enhanced);
      return { profile, enhanced };
    },
    onSuccess: async ({ profile, enhanced }) => {
      queryClient.setQueryData(profileQuery().queryKey, profile);
      queryClient.setQueryData(enhancedProfileQuery().queryKey, enhanced);
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: queryRoots.users });
    },
  });
}
