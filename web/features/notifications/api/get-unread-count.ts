// GET /api/notifications/unread-count: how many of the caller's notifications are unread (the sidebar's badge).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZUnreadCount } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

// No polling: the 'notification' live event refetches it when one arrives or some are read elsewhere.
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.notifications, 'unread-count'],
    queryFn: ({ signal }) => api.get<z.infer<typeof ZUnreadCount>>('/api/notifications/unread-count', signal),
    select: (data) => data.count,
  });
