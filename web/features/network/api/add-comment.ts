// POST /api/posts/:id/comments: adds a comment through the outbox; the feed refetches once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentInput } from '../../../../contract/network';
import { itemRef } from '../../../lib/outbox/outbox-placeholders';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { excerpt } from '../excerpt';
import { postsQuery } from './get-posts';

/** A post on the server (its id), or one still on the phone (its outbox item's id): the comment waits for it. */
export type CommentTarget = { postId: number } | { postItemId: string };

export function useAddComment(target: CommentTarget) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (content: string) =>
      write<TComment>({
        method: 'POST',
        ...('postId' in target
          ? { path: `/api/posts/${target.postId}/comments` }
          : {
              path: `/api/posts/${itemRef(target.postItemId, 'id')}/comments`,
              dependsOn: target.postItemId,
            }),
        body: { content } satisfies TCommentInput,
        label: { key: 'outbox:labels.commentCreate', params: { excerpt: excerpt(content) } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey })),
  });
}
