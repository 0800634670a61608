// The session, shared by every screen: GET /api/user answers the signed-in user, or null when the server says 401. A
// page served by the server already says who is signed in (see server/http/web-app.ts); only a cached page asks.
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPageSession, TUser } from '../../contract/auth';
import { PAGE_SESSION_ID } from '../../contract/constants';
import { ApiError, api } from './api-client';
import { adoptLanguage } from './i18n';
import { queryRoots } from './query-keys';
import { rememberSignedIn } from './session-hint';

let firstFetch = true;
let answer: (user: TUser | null) => void = () => undefined;
/**
 * Who the session's first answer says this is: at once from the page, or when GET /api/user answers (before the
 * user's language is in place), so start-up can ask for that user's own data while the catalogues load.
 */
export const firstSessionAnswer = new Promise<TUser | null>((resolve) => {
  answer = resolve;
});

export const userQuery = () =>
  queryOptions({
    queryKey: queryRoots.user,
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

/** The session the server wrote into this page; undefined when there is none (the service worker's copy). */
export function sessionInPage(): TPageSession | undefined {
  const text = document.getElementById(PAGE_SESSION_ID)?.textContent;
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as TPageSession;
  } catch {
    return undefined;
  }
}

/** Takes the page's answer as the user query's first data, or starts the session check when the page has none. */
export function startSession(client: QueryClient, page: TPageSession | undefined): void {
  if (!page) {
    void client.prefetchQuery(userQuery());
    return;
  }
  firstFetch = false;
  rememberSignedIn(page.user !== null);
  client.setQueryData(userQuery().queryKey, page.user);
  answer(page.user);
}
