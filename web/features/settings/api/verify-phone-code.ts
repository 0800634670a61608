// POST /api/user/phone/verify: the code received; right, the number is proven; wrong, one try fewer (422).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { type PhoneFeedback, phoneChanged } from './get-phone-status';

export function useVerifyPhoneCode(feedback: PhoneFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TPhoneStatus>('/api/user/phone/verify', { code }),
    onSuccess: (status) => {
      feedback.onSuccess?.(status);
      return phoneChanged(queryClient, status);
    },
    // A wrong code changes the tries left; an expired one is gone.
    onError: (error) => {
      feedback.onError?.(error);
      return phoneChanged(queryClient);
    },
  });
}
