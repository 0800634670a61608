// A post still on the phone, at the top of the feed: its text, "waiting to be sent", and a comment box (the
// comment waits for the post).
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import type { WaitingPost } from '../hooks/use-waiting-posts';
import { PostComments } from './post-comments';

export function WaitingPostCard({ post, username }: { post: WaitingPost; username: string }) {
  const { t } = useTranslation('network');
  return (
    <Card data-testid="waiting-post">
      <article aria-label={t('waiting.post')} className="flex flex-col gap-3 p-4">
        <header className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 uppercase"
          >
            {username.slice(0, 1)}
          </span>
          <p className="min-w-0 flex-1 truncate font-semibold text-stone-900">{username}</p>
          <Badge variant="outline">{t('waiting.mark')}</Badge>
        </header>
        <p className="break-words whitespace-pre-wrap text-stone-900">{post.content}</p>
        <PostComments target={{ postItemId: post.itemId }} comments={[]} />
      </article>
    </Card>
  );
}
