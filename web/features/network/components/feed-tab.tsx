// The feed: post box, posts page by page (more load on scroll or with the button), quick actions and overview.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { postsQuery } from '../api/get-posts';
import { useWaitingPosts } from '../hooks/use-waiting-posts';
import { NetworkOverview, QuickActions } from './feed-aside';
import { PostCard } from './post-card';
import { POST_BOX_ID, PostComposer } from './post-composer';
import { WaitingPostCard } from './waiting-post-card';

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
  const canLoadMore = hasNextPage && !isFetchingNextPage;
  const sentinel = useLoadMoreOnScroll(() => void fetchNextPage(), canLoadMore);
  const posts = feed.data?.pages.flat() ?? [];
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
        {feed.isPending ? (
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
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
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
