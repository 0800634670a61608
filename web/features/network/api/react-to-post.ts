// POST /api/posts/:id/react: toggles one of the caller's reactions; the answer's counts go straight into the feed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReactionType, TReactionResult, ZReactionInput } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { updateCachedPost } from './get-posts';

export function useReactToPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: ReactionType) =>
      api.post<TReactionResult>(`/api/posts/${postId}/react`, { type } satisfies z.input<
        typeof ZReactionInput
      >),
    onSuccess: (result) =>
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        reactions: result.reactions,
        likes: result.likes,
        myReactions: result.myReactions,
      })),
  });
}
