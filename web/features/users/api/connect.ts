// POST /api/connections: ask another member to connect (the network module answers it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<unknown>('/api/connections', { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
