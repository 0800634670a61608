// DELETE /api/posts/:id and /api/comments/:id: by their author or a manager, through the outbox; the feed
// refetches once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { postsQuery } from './get-posts';

export function useDeleteFromFeed() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (target: { kind: 'post' | 'comment'; id: number }) =>
      write<void>({
        method: 'DELETE',
        path: target.kind === 'post' ? `/api/posts/${target.id}` : `/api/comments/${target.id}`,
        // The outbox has no label of its own for a deleted comment yet.
        label: {
          key: target.kind === 'post' ? 'outbox:labels.postDelete' : 'outbox:labels.commentDelete',
          params: {},
        },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey })),
  });
}
