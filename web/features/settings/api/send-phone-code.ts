// POST /api/user/phone: a number to prove and the channel its 6-digit code goes by (202; also "send a new code").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPhoneInput, TPhoneStatus } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { phoneChanged } from './get-phone-status';

export function useSendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPhoneInput) => api.post<TPhoneStatus>('/api/user/phone', input),
    onSuccess: (status) => phoneChanged(queryClient, status),
    // 409 (the channel was turned off) or 429 (too soon): what the screen shows may be out of date.
    onError: () => phoneChanged(queryClient),
  });
}
