// Posts this user wrote that are still on the phone, for the top of the feed (marked as waiting).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TPostInput } from '../../../../contract/network';
import type { OutboxItem } from '../../../lib/outbox/outbox-item';
import { useWaitingWrites } from '../../../lib/outbox/use-waiting-writes';
import { POSTS_PATH } from '../api/create-post';
import { postsQuery } from '../api/get-posts';

export interface WaitingPost {
  /** The outbox item's id: a comment on this post waits for it. */
  itemId: string;
  content: string;
  createdAt: number;
}

function toWaitingPost(item: OutboxItem): WaitingPost {
  return { itemId: item.id, content: String((item.body as TPostInput).content), createdAt: item.createdAt };
}

/** Newest first, as the feed is; once one lands, the feed refetches to show the real post. */
export function useWaitingPosts(userId: number | null): WaitingPost[] {
  const queryClient = useQueryClient();
  const items = useWaitingWrites(userId, { method: 'POST', path: POSTS_PATH }, () => {
    void queryClient.invalidateQueries({ queryKey: postsQuery().queryKey });
  });
  return useMemo(() => items.map(toWaitingPost).reverse(), [items]);
}
