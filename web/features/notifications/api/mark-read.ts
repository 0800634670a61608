// POST /api/notifications/read: marks some notifications, or all of them, read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMarkRead } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMarkRead) => api.post<void>('/api/notifications/read', input),
    // The list and the badge's count both key under the root.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.notifications }),
  });
}
