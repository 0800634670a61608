// POST /api/logout: ends the session here and on the server, and forgets cached personal data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQuery } from '../../../lib/session';
import { rememberSignedIn } from '../../../lib/session-hint';

export const API_CACHE = 'terroir-api';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/logout'),
    onSettled: async () => {
      rememberSignedIn(false);
      const userKey = userQuery().queryKey;
      queryClient.setQueryData(userKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
      if ('caches' in window) {
        await caches.delete(API_CACHE).catch(() => false);
      }
    },
  });
}
