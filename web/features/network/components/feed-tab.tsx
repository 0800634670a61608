// The feed: post box, posts page by page (more load on scroll or with the button), quick actions and overview.
// The first page is drawn in passes, so that no single commit (and layout) holds it all on a slow phone: every post's
// author and text first, as a deferred (interruptible) render, then a few posts at a time their time, reactions and
// comments (see PostCard).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { NONE, useDeferredFirst } from '../../../lib/use-deferred-first';
import { useRevealCount } from '../../../lib/use-reveal-count';
import { postsQuery } from '../api/get-posts';
import { useWaitingPosts } from '../hooks/use-waiting-posts';
import { NetworkOverview, QuickActions } from './feed-aside';
import { PostCard } from './post-card';
import { POST_BOX_ID, PostComposer } from './post-composer';
import { WaitingPostCard } from './waiting-post-card';

/** Posts drawn whole in the second pass, then in each later one. */
const FULL_FIRST = 3;
const FULL_STEP = 4;

function useLoadMoreOnScroll(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          latestLoad.current();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

export function FeedTab({ onCreateEvent }: { onCreateEvent: () => void }) {
  const { t } = useTranslation('network');
  const feed = useInfiniteQuery(postsQuery());
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = feed;
  const data = useDeferredFirst(feed.data);
  const posts = useMemo(() => data?.pages.flat() ?? NONE, [data]);
  // Posts [0, whole) are drawn whole; the rest only their author and text, for a moment.
  const whole = useRevealCount(posts.length, FULL_FIRST, FULL_STEP);
  const revealed = whole === Number.POSITIVE_INFINITY;
  const canLoadMore = hasNextPage && !isFetchingNextPage;
  // Not while the first page is still being drawn: its posts are shorter than they will be.
  const sentinel = useLoadMoreOnScroll(() => void fetchNextPage(), canLoadMore && revealed);
  const user = useUser().data;
  const waiting = useWaitingPosts(user?.id ?? null);

  const startDiscussion = () => {
    const box = document.getElementById(POST_BOX_ID);
    box?.focus();
    box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <PostComposer />
      </div>
      <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <QuickActions onStartDiscussion={startDiscussion} onCreateEvent={onCreateEvent} />
        <NetworkOverview />
      </aside>
      <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-2">
        {waiting.map((post) => (
          <WaitingPostCard key={post.itemId} post={post} username={user?.username ?? ''} />
        ))}
        {data === undefined && !feed.isError ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : feed.isError && posts.length === 0 ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {t('feed.loadError', { message: queryErrorText(feed.error) })}
          </p>
        ) : posts.length === 0 && waiting.length === 0 ? (
          <Card>
            <CardContent className="pt-4 text-center text-sm text-stone-600">{t('feed.empty')}</CardContent>
          </Card>
        ) : (
          <>
            <h2 className="sr-only">{t('tabs.feed')}</h2>
            {posts.map((post, index) => (
              <PostCard key={post.id} post={post} whole={index < whole} />
            ))}
            <div ref={sentinel} aria-hidden className="h-px" />
            {hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? t('feed.loadingMore') : t('feed.loadMore')}
              </Button>
            ) : (
              <p className="text-center text-sm text-stone-600">{t('feed.end')}</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** One empty list for 'no data yet'. */
