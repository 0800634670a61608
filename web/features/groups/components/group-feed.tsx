// A group's feed: for its members, the post box, then the posts newest first (more on demand), each with its
// comments oldest first and a comment box; for anyone else of a members-only group, "Join to read".
import { useInfiniteQuery } from '@tanstack/react-query';
import { Lock, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TGroup,
  type TGroupPost,
  ZGroupCommentInput,
  ZGroupPostInput,
} from '../../../../contract/groups';
import { BlockSpinner, ERROR_BOX } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { queryErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { groupPostsQuery, useAddGroupComment, useCreateGroupPost } from '../../../lib/queries/groups';
import { formatTimeAgo } from '../../../lib/relative-time';
import { toast, toastError } from '../../../lib/toast-store';
import { LoadMore } from './load-more';
import { MembershipActions } from './membership-actions';

/** The contract's longest post and comment (the box stops there rather than have the server refuse it). */
const POST_MAX = ZGroupPostInput.shape.body.maxLength ?? undefined;
const COMMENT_MAX = ZGroupCommentInput.shape.body.maxLength ?? undefined;

export function GroupFeed({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  if (!group.can.read) {
    return (
      <Card data-testid="join-to-read">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Lock aria-hidden className="h-4 w-4" />
            {t('feed.joinToRead')}
          </CardTitle>
          <CardDescription>{t('feed.membersOnly')}</CardDescription>
        </CardHeader>
        <CardContent>
          <MembershipActions group={group} />
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {group.can.post ? <GroupPostBox group={group} /> : null}
      <GroupPosts group={group} />
    </div>
  );
}

function GroupPostBox({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  const [body, setBody] = useState('');
  const create = useCreateGroupPost(group);
  const blank = body.trim() === '';
  const boxId = `group-${group.id}-post`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || create.isPending) {
      return;
    }
    mutateThen(
      create,
      { body },
      {
        onSuccess: (result) => {
          setBody('');
          if (!isQueued(result)) {
            toast({ title: t('feed.posted') });
          }
        },
        onError: (error) => toastError(t('feed.postFailed'), error),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={boxId}>{t('feed.write')}</label>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <Textarea
            id={boxId}
            value={body}
            maxLength={POST_MAX}
            placeholder={t('feed.placeholder')}
            className="min-h-24"
            onChange={(event) => setBody(event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={blank || create.isPending}>
              <Send aria-hidden className="h-4 w-4" />
              {t('feed.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function GroupPosts({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  const feed = useInfiniteQuery(groupPostsQuery(group.id));
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  if (feed.isPending) {
    return <BlockSpinner className="py-8" />;
  }
  if (feed.isError && posts.length === 0) {
    return (
      <p role="alert" className={ERROR_BOX}>
        {t('feed.loadError', { message: queryErrorText(feed.error) })}
      </p>
    );
  }
  if (posts.length === 0) {
    return (
      <Card>
        <CardContent className="pt-4 text-center text-sm text-stone-600">{t('feed.empty')}</CardContent>
      </Card>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-4">
        {posts.map((post) => (
          <GroupPostCard key={post.id} group={group} post={post} />
        ))}
      </ul>
      <LoadMore query={feed} />
    </>
  );
}

function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatDate(date, i18n.language, 'PPpp')}>
      {formatTimeAgo(date, i18n.language)}
    </time>
  );
}

function GroupPostCard({ group, post }: { group: TGroup; post: TGroupPost }) {
  const { t } = useTranslation('groups');
  return (
    <li
      data-testid="group-post"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <span className="font-semibold text-stone-900">{post.author.username}</span>
        <When iso={post.createdAt} />
      </p>
      <p className="break-words whitespace-pre-wrap text-stone-800">{post.body}</p>
      <section
        aria-label={t('comments.title')}
        className="flex flex-col gap-2 border-t border-stone-200 pt-3"
      >
        {post.comments.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {post.comments.map((comment) => (
              <li key={comment.id} className="rounded-md bg-stone-50 px-3 py-2">
                <p className="flex items-center gap-2 text-xs text-stone-600">
                  <span className="font-semibold text-stone-900">{comment.author.username}</span>
                  <When iso={comment.createdAt} />
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-stone-800">{comment.body}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {group.can.post ? <CommentBox group={group} postId={post.id} /> : null}
      </section>
    </li>
  );
}

function CommentBox({ group, postId }: { group: TGroup; postId: number }) {
  const { t } = useTranslation('groups');
  const [body, setBody] = useState('');
  const add = useAddGroupComment(group, postId);
  const blank = body.trim() === '';
  const inputId = `group-comment-${postId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || add.isPending) {
      return;
    }
    mutateThen(
      add,
      { body },
      {
        onSuccess: (result) => {
          setBody('');
          if (!isQueued(result)) {
            toast({ title: t('comments.added') });
          }
        },
        onError: (error) => toastError(t('comments.failed'), error),
      },
    );
  };
  return (
    <form className="flex gap-2" onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        {t('comments.label')}
      </label>
      <Input
        id={inputId}
        value={body}
        maxLength={COMMENT_MAX}
        placeholder={t('comments.placeholder')}
        onChange={(event) => setBody(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={blank || add.isPending}>
        {t('comments.submit')}
      </Button>
    </form>
  );
}
