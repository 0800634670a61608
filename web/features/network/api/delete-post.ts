// DELETE /api/posts/:id and /api/comments/:id: by their author or a manager; the feed refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQuery } from './get-posts';

export function useDeleteFromFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { kind: 'post' | 'comment'; id: number }) =>
      api.delete<void>(target.kind === 'post' ? `/api/posts/${target.id}` : `/api/comments/${target.id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey }),
  });
}
