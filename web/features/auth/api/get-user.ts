// GET /api/user: the signed-in user, or null when the server answers 401. At page load the user's stored language
// is in place before the user is, so the first signed-in render is already in that language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '../../../../contract/auth';
import { ApiError, api } from '../../../lib/api-client';
import { adoptLanguage } from '../../../lib/i18n';
import { rememberSignedIn } from '../../../lib/session-hint';

let firstFetch = true;
let answer: (user: TUser | null) => void = () => undefined;
/**
 * Who the session's first check says this is, as soon as the server answers: before the user's language is in
 * place, so start-up can ask for that user's own data while the catalogues of their language load.
 */
export const firstSessionAnswer = new Promise<TUser | null>((resolve) => {
  answer = resolve;
});

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: async ({ signal }) => {
      try {
        const user = await api.get<TUser>('/api/user', signal);
        rememberSignedIn(true);
        if (firstFetch) {
          firstFetch = false;
          answer(user);
          await adoptLanguage(user.language);
        }
        return user;
      } catch (error) {
        answer(null);
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
