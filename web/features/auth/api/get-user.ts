// GET /api/user: the signed-in user, or null when the server answers 401. At page load the user's stored language
// is in place before the user is, so the first signed-in render is already in that language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '../../../../contract/auth';
import { ApiError, api } from '../../../lib/api-client';
import { adoptLanguage } from '../../../lib/i18n';
import { rememberSignedIn } from '../../../lib/session-hint';

let firstFetch = true;

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: async ({ signal }) => {
      try {
        const user = await api.get<TUser>('/api/user', signal);
        rememberSignedIn(true);
        if (firstFetch) {
          firstFetch = false;
          await adoptLanguage(user.language);
        }
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          rememberSignedIn(false);
          return null;
        }
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useUser = () => useQuery(userQuery());
