// PUT /api/notification-preferences through the outbox: the types given are set (the others kept), quiet hours set,
// cleared or kept.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationPreferences,
  TNotificationPreferencesUpdate,
} from '../../../../contract/notifications';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { notificationPreferencesQuery } from './get-notification-preferences';

/** The preferences as they will be once a change kept on this phone is sent, so the form shows what was chosen. */
function withChange(
  preferences: TNotificationPreferences | undefined,
  change: TNotificationPreferencesUpdate,
): TNotificationPreferences | undefined {
  if (!preferences) {
    return preferences;
  }
  const types = { ...preferences.types };
  for (const [type, choice] of Object.entries(change.types ?? {}) as [keyof typeof types, object][]) {
    types[type] = { ...types[type], ...choice };
  }
  return { types, quietHours: change.quietHours === undefined ? preferences.quietHours : change.quietHours };
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQuery();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TNotificationPreferencesUpdate) =>
      write<TNotificationPreferences>({
        method: 'PUT',
        path: '/api/notification-preferences',
        body: input,
        label: { key: 'outbox:labels.preferencesUpdate', params: {} },
      }),
    // The answer is the whole new state: shown at once, whether or not the screen is still open.
    onSuccess: (result, input) => {
      if (isQueued(result)) {
        queryClient.setQueryData(queryKey, (old) => withChange(old, input));
      }
      return settle((preferences: TNotificationPreferences) =>
        queryClient.setQueryData(queryKey, preferences),
      )(result);
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
