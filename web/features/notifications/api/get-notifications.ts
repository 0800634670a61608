// GET /api/notifications: the caller's notifications, newest first, page by page.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Language } from '../../../../contract/constants';
import type { TNotification } from '../../../../contract/notifications';
import { getPage } from '../../../lib/api-page';
import { queryRoots } from '../../../lib/query-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * The server writes each text in the user's stored language, so the list is keyed by it: after a switch the
 * texts are fetched again instead of showing the cached ones in the other language.
 */
export const notificationsQuery = (language: Language) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.notifications, 'list', language],
    queryFn: ({ pageParam, signal }) =>
      getPage<TNotification>('/api/notifications', { limit: NOTIFICATIONS_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
