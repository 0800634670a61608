// A post's comments, oldest first, and the add-comment box (its button stays disabled for blank text).
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TComment } from '../../../../contract/network';
import { COMMENT_MAX } from '../../../../contract/network-constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { type CommentTarget, useAddComment } from '../api/add-comment';
import { useDeleteFromFeed } from '../api/delete-post';
import { RelativeTime } from './relative-time';

function CommentItem({ comment }: { comment: TComment }) {
  const { t } = useTranslation('network');
  const remove = useDeleteFromFeed();
  return (
    <li className="rounded-md bg-stone-50 px-3 py-2">
      <div className="flex items-center gap-2 text-xs text-stone-600">
        <span className="font-semibold text-stone-900">{comment.author.username}</span>
        <RelativeTime iso={comment.createdAt} />
        {comment.canDelete ? (
          <button
            type="button"
            className="ml-auto rounded p-1 text-stone-600 hover:bg-stone-200 hover:text-red-700"
            aria-label={t('comments.delete')}
            disabled={remove.isPending}
            onClick={() =>
              mutateThen(
                remove,
                { kind: 'comment', id: comment.id },
                {
                  onSuccess: (result) =>
                    isQueued(result) ? undefined : toast({ title: t('comments.deleted') }),
                  onError: (error) => toastError(t('toasts.deleteFailed'), error),
                },
              )
            }
          >
            <Trash2 aria-hidden className="h-3.5 w-3.5" />
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-stone-800">{comment.content}</p>
    </li>
  );
}

export function PostComments({ target, comments }: { target: CommentTarget; comments: TComment[] }) {
  const { t } = useTranslation('network');
  const [content, setContent] = useState('');
  const addComment = useAddComment(target);
  const blank = content.trim() === '';
  const inputId = `comment-${'postId' in target ? target.postId : target.postItemId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || addComment.isPending) {
      return;
    }
    mutateThen(addComment, content, {
      onSuccess: (result) => {
        setContent('');
        if (!isQueued(result)) {
          toast({ title: t('toasts.commentAdded') });
        }
      },
      onError: (error) => toastError(t('toasts.commentFailed'), error),
    });
  };

  return (
    <section aria-label={t('comments.title')} className="flex flex-col gap-2 border-t border-stone-200 pt-3">
      {comments.length > 0 ? (
        <>
          <h3 className="text-xs font-medium text-stone-600">
            {t('comments.count', { count: comments.length })}
          </h3>
          <ul className="flex flex-col gap-2">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        </>
      ) : null}
      <form className="flex gap-2" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          {t('comments.label')}
        </label>
        <Input
          id={inputId}
          value={content}
          maxLength={COMMENT_MAX}
          placeholder={t('comments.placeholder')}
          onChange={(event) => setContent(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={blank || addComment.isPending}>
          {t('comments.submit')}
        </Button>
      </form>
    </section>
  );
}
