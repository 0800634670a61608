// POST /api/posts: shares a post (its type, no text labels, up to 4 pictures with their thumbnails), through the
// outbox; once the server has it, the feed refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPost, TPostInput } from '../../../../contract/network';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { excerpt } from '../excerpt';
import { postsQuery } from './get-posts';

/** Where a post goes: the feed shows the ones still on the phone by this path. */
export const POSTS_PATH = '/api/posts';

export function useCreatePost() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TPostInput) =>
      write<TPost>({
        method: 'POST',
        path: POSTS_PATH,
        body: input,
        label: { key: 'outbox:labels.postCreate', params: { excerpt: excerpt(input.content) } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey })),
  });
}
