// GET /api/notification-preferences: every notification type with its channels (defaults filled in), quiet hours.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationPreferences } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: queryRoots.notificationPreferences,
    queryFn: ({ signal }) => api.get<TNotificationPreferences>('/api/notification-preferences', signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());
