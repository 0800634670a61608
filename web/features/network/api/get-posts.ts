// GET /api/posts: the feed, newest first, page by page (cursor = the last post's id), refreshed every 30 s.
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { INTERVALS } from '../../../../contract/constants';
import type { TPost } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Small pages: the first screen comes quickly on a weak connection; more load on scroll. */
export const FEED_PAGE_SIZE = 20;

export const postsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.posts, 'feed'],
    queryFn: ({ pageParam, signal }) =>
      api.get<TPost[]>(
        `/api/posts?limit=${FEED_PAGE_SIZE}${pageParam === null ? '' : `&cursor=${pageParam}`}`,
        signal,
      ),
    initialPageParam: null as number | null,
    // The server's X-Next-Cursor is the last id of a full page; a short page is the last one.
    getNextPageParam: (lastPage) =>
      lastPage.length < FEED_PAGE_SIZE ? undefined : (lastPage.at(-1)?.id ?? null),
    refetchInterval: INTERVALS.posts,
  });

export type FeedData = InfiniteData<TPost[], number | null>;

/** Changes one post in the cached feed (e.g. its reaction counts after a toggle). */
export function updateCachedPost(queryClient: QueryClient, postId: number, change: (post: TPost) => TPost) {
  queryClient.setQueryData<FeedData>(postsQuery().queryKey, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((p) => (p.id === postId ? change(p) : p))) }
      : data,
  );
}
