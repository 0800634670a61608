// POST /api/logout: ends the session here and on the server, and forgets cached personal data.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_CACHE, LESSONS_CACHE } from '../../../lib/offline-caches';
import { userQuery } from '../../../lib/session';
import { rememberSignedIn } from '../../../lib/session-hint';

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
        // The next person to sign in on this phone reads none of it offline (a lesson carries its reader's progress).
        await Promise.all([API_CACHE, LESSONS_CACHE].map((name) => caches.delete(name).catch(() => false)));
      }
    },
  });
}
