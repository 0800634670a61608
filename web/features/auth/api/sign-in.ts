// POST /api/login and /api/register: both answer the user, who becomes the current user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegisterOutput, TUser } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { adoptLanguage } from '../../../lib/i18n';
import { userQuery } from '../../../lib/session';
import { rememberSignedIn } from '../../../lib/session-hint';

export function useSignIn(mode: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLogin | TRegisterOutput) =>
      api.post<TUser>(mode === 'login' ? '/api/login' : '/api/register', input),
    onSuccess: async (user) => {
      rememberSignedIn(true);
      // The account's language first, so the signed-in screens are drawn once, in it.
      await adoptLanguage(user.language);
      queryClient.setQueryData(userQuery().queryKey, user);
    },
  });
}
