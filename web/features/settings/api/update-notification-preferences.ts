// PUT /api/notification-preferences: the types given are set (the others kept), quiet hours set, cleared or kept.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationPreferences,
  TNotificationPreferencesUpdate,
} from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { notificationPreferencesQuery } from './get-notification-preferences';

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQuery();
  return useMutation({
    mutationFn: (input: TNotificationPreferencesUpdate) =>
      api.put<TNotificationPreferences>('/api/notification-preferences', input),
    // The answer is the whole new state: shown at once, whether or not the screen is still open.
    onSuccess: (preferences) => queryClient.setQueryData(queryKey, preferences),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
