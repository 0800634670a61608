// PUT /api/profile and PUT /api/enhanced-profile, saved together from the edit form through the outbox (the second
// waits for the first); the profile refetches once the server has both.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TEnhancedProfile,
  TEnhancedProfileUpdate,
  TProfileResponse,
  TProfileUpdate,
} from '../../../../contract/users';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';
import { enhancedProfileQuery } from './get-enhanced-profile';
import { profileQuery } from './get-profile';

const label = { key: 'outbox:labels.profileUpdate', params: {} };

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: async (input: { profile: TProfileUpdate; enhanced: TEnhancedProfileUpdate }) => {
      const profile = await write<TProfileResponse>({
        method: 'PUT',
        path: '/api/profile',
        body: input.profile,
        label,
      });
      const enhanced = await write<TEnhancedProfile>({
        method: 'PUT',
        path: '/api/enhanced-profile',
        body: input.enhanced,
        label,
        dependsOn: isQueued(profile) ? profile.item.id : null,
      });
      // Either one still on this phone: the whole change is.
      return isQueued(enhanced) ? enhanced : isQueued(profile) ? profile : { profile, enhanced };
    },
    onSuccess: settle(
      async ({ profile, enhanced }: { profile: TProfileResponse; enhanced: TEnhancedProfile }) => {
        queryClient.setQueryData(profileQuery().queryKey, profile);
        queryClient.setQueryData(enhancedProfileQuery().queryKey, enhanced);
        await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
        await queryClient.invalidateQueries({ queryKey: queryRoots.users });
      },
    ),
  });
}
