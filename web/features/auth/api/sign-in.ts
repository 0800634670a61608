// POST /api/login and /api/register: both answer the user, who becomes the current user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegisterOutput, TUser } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { rememberSignedIn } from '../../../lib/session-hint';
import { userQuery } from './get-user';

export function useSignIn(mode: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLogin | TRegisterOutput) =>
      api.post<TUser>(mode === 'login' ? '/api/login' : '/api/register', input),
    onSuccess: (user) => {
      rememberSignedIn(true);
      queryClient.setQueryData(userQuery().queryKey, user);
    },
  });
}
