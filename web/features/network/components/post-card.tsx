// One post: author, relative time, type, content as plain text, its pictures (thumbnails first), attachment badges
// (old posts' text labels), reactions and comments.
// The feed's first page draws its posts in passes (see FeedTab): until `whole`, a post shows its author, type, text
// and attachments, and keeps the line of its time.
import { Paperclip, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPost } from '../../../../contract/network';
import { PhotoStrip } from '../../../components/photo-gallery';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useDeleteFromFeed } from '../api/delete-post';
import { PostComments } from './post-comments';
import { ReactionBar } from './reaction-bar';
import { RelativeTime } from './relative-time';

export const PostCard = memo(function PostCard({ post, whole = true }: { post: TPost; whole?: boolean }) {
  const { t } = useTranslation('network');
  const remove = useDeleteFromFeed();
  return (
    <Card>
      <article
        aria-label={t('post.by', { username: post.author.username })}
        className="flex flex-col gap-3 p-4"
      >
        <header className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 uppercase"
          >
            {post.author.username.slice(0, 1)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-stone-900">{post.author.username}</p>
            <p className="min-h-4 text-xs text-stone-600">
              {whole ? <RelativeTime iso={post.createdAt} /> : null}
            </p>
          </div>
          <Badge variant={post.type === 'insight' ? 'secondary' : 'default'}>
            {t(`post.types.${post.type}`)}
          </Badge>
          {post.canDelete ? (
            <button
              type="button"
              className="rounded p-1.5 text-stone-600 hover:bg-stone-100 hover:text-red-700"
              aria-label={t('post.delete')}
              disabled={remove.isPending}
              onClick={() =>
                mutateThen(
                  remove,
                  { kind: 'post', id: post.id },
                  {
                    onSuccess: (result) =>
                      isQueued(result) ? undefined : toast({ title: t('post.deleted') }),
                    onError: (error) => toastError(t('toasts.deleteFailed'), error),
                  },
                )
              }
            >
              <Trash2 aria-hidden className="h-4 w-4" />
            </button>
          ) : null}
        </header>
        {/* Plain text: React escapes it; line breaks are kept by CSS. */}
        <p className="break-words whitespace-pre-wrap text-stone-900">{post.content}</p>
        <PhotoStrip photos={post.photos} title={t('post.photosOf', { author: post.author.username })} />
        {post.attachments.length > 0 ? (
          <ul aria-label={t('post.attachments')} className="flex flex-wrap gap-2">
            {post.attachments.map((label, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; their order is fixed
              <li key={i}>
                <Badge variant="outline" className="gap-1">
                  <Paperclip aria-hidden className="h-3 w-3" />
                  {label}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {whole ? (
          <>
            <ReactionBar post={post} />
            <PostComments target={{ postId: post.id }} comments={post.comments} />
          </>
        ) : null}
      </article>
    </Card>
  );
});
