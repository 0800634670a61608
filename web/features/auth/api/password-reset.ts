// POST /api/password-reset/request (a code to the account's proven number) and /confirm (the new password, which
// signs this browser in).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPasswordResetConfirm, TPasswordResetRequest, TUser } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { adoptSignedInUser } from './sign-in';

export function useRequestReset() {
  return useMutation({
    mutationFn: (input: TPasswordResetRequest) =>
      api.post<{ codeValidMinutes: number }>('/api/password-reset/request', input),
  });
}

export function useConfirmReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPasswordResetConfirm) => api.post<TUser>('/api/password-reset/confirm', input),
    onSuccess: (user) => adoptSignedInUser(queryClient, user),
  });
}
