// POST /api/posts/:id/comments: adds a comment; the feed refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentInput } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { postsQuery } from './get-posts';

export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<TComment>(`/api/posts/${postId}/comments`, { content } satisfies TCommentInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey }),
  });
}
