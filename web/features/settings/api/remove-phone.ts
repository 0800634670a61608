// DELETE /api/user/phone: the number is forgotten and messages to it stop.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { type PhoneFeedback, phoneChanged } from './get-phone-status';

export function useRemovePhone(feedback: PhoneFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // 200 with the new status (204 would leave it to the refetch).
    mutationFn: () => api.delete<TPhoneStatus | undefined>('/api/user/phone'),
    onSuccess: (status) => {
      feedback.onSuccess?.(status);
      return phoneChanged(queryClient, status);
    },
    onError: (error) => {
      feedback.onError?.(error);
      return phoneChanged(queryClient);
    },
  });
}
