// PUT /api/user/pin: a new phone PIN, proven by the account's password (204); it also unlocks a locked PIN.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPinInput } from '../../../../contract/phone';
import { api } from '../../../lib/api-client';
import { phoneStatusQuery } from '../../../lib/queries/phone-status';

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not through the outbox: the password must not wait on a phone, and a wrong one is answered at once.
    mutationFn: (input: TPinInput) => api.put<undefined>('/api/user/pin', input),
    // The phone status says whether a PIN is set and locked.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneStatusQuery().queryKey }),
  });
}
