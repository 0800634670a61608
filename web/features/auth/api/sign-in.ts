// POST /api/login and /api/register: both answer the user, who becomes the current user.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegisterOutput, TUser } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { adoptLanguage } from '../../../lib/i18n';
import { userQuery } from '../../../lib/session';
import { rememberSignedIn } from '../../../lib/session-hint';

/** A route signed this browser in (sign-in, registration, password reset): `user` becomes the current user. */
export async function adoptSignedInUser(queryClient: QueryClient, user: TUser): Promise<void> {
  rememberSignedIn(true);
  // The account's language first, so the signed-in screens are drawn once, in it.
  await adoptLanguage(user.language);
  queryClient.setQueryData(userQuery().queryKey, user);
}

export function useSignIn(mode: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLogin | TRegisterOutput) =>
      api.post<TUser>(mode === 'login' ? '/api/login' : '/api/register', input),
    onSuccess: (user) => adoptSignedInUser(queryClient, user),
  });
}
