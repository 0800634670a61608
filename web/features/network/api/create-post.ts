// POST /api/posts: shares a post (type insight, no attachments, as the spec's post box sends); the feed refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPost, TPostInput } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { postsQuery } from './get-posts';

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPostInput) => api.post<TPost>('/api/posts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQuery().queryKey }),
  });
}
