// POST /api/posts/:id/react: toggles one of the caller's reactions through the outbox; the answer's counts go
// straight into the feed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TReactionResult, ZReactionInput } from '../../../../contract/network';
import type { ReactionType } from '../../../../contract/network-constants';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { updateCachedPost } from './get-posts';

export function useReactToPost(postId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (type: ReactionType) =>
      write<TReactionResult>({
        method: 'POST',
        path: `/api/posts/${postId}/react`,
        body: { type } satisfies z.input<typeof ZReactionInput>,
        label: { key: 'outbox:labels.reaction', params: {} },
      }),
    onSuccess: settle((result: TReactionResult) =>
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        reactions: result.reactions,
        likes: result.likes,
        myReactions: result.myReactions,
      })),
    ),
  });
}
