// Reviews of a working copy: what reviewers said (the author reads why it came back), and, for another expert,
// the review itself: approve (it is published as the next version) or send it back with a comment.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLessonDraft, TLessonReviewInput } from '../../../../contract/lesson-authoring';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { useReviewLesson } from '../../../lib/queries/lesson-authoring';
import { toast, toastError } from '../../../lib/toast-store';
import { TextControl } from './form-controls';

export function ReviewHistory({ reviews }: { reviews: TLessonDraft['reviews'] }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  if (reviews.length === 0) {
    return null;
  }
  return (
    <section aria-labelledby="lesson-reviews" className="flex flex-col gap-2">
      <h2 id="lesson-reviews" className="text-lg font-semibold text-stone-900">
        {t('review.history')}
      </h2>
      <ul className="flex flex-col gap-2">
        {reviews.map((review) => (
          <li
            key={review.at}
            className={
              review.decision === 'approve'
                ? 'rounded-md border border-green-300 bg-green-50 p-3'
                : 'rounded-md border border-amber-300 bg-amber-50 p-3'
            }
            data-testid="lesson-review"
          >
            <p className="text-sm font-semibold text-stone-900">
              {t(review.decision === 'approve' ? 'review.approved' : 'review.sentBack', {
                name: review.reviewer,
                date: formatDate(review.at, i18n.language),
              })}
            </p>
            {review.comment ? <p className="whitespace-pre-line text-stone-800">{review.comment}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The schema loads with the validator's messages, when the reviewer first decides. */
async function checkReview(input: TLessonReviewInput): Promise<string | null> {
  const [{ ZLessonReviewInput }] = await Promise.all([
    import('../../../../contract/lesson-authoring'),
    import('../../../lib/zod-messages'),
  ]);
  const result = ZLessonReviewInput.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function ReviewForm({ slug }: { slug: string }) {
  const { t } = useTranslation('lesson-authoring');
  const review = useReviewLesson(slug);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = async (decision: TLessonReviewInput['decision']) => {
    const input: TLessonReviewInput = { decision, ...(comment.trim() ? { comment: comment.trim() } : {}) };
    const problem = await checkReview(input);
    setError(problem ?? undefined);
    if (problem !== null) {
      return;
    }
    mutateThen(review, input, {
      onSuccess: () => {
        setComment('');
        toast({ title: t(decision === 'approve' ? 'review.published' : 'review.returned') });
      },
      onError: (failure) => toastError(t('review.failed'), failure),
    });
  };
  return (
    <section
      aria-labelledby="lesson-review-form"
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
      data-testid="lesson-review-form"
    >
      <h2 id="lesson-review-form" className="text-lg font-semibold text-stone-900">
        {t('review.title')}
      </h2>
      <TextControl
        id="review-comment"
        label={t('review.comment')}
        hint={t('review.commentHint')}
        multiline
        value={comment}
        error={error}
        onChange={setComment}
      />
      <div className="flex flex-wrap gap-2">
        <Button disabled={review.isPending} onClick={() => void decide('approve')}>
          {t('review.approve')}
        </Button>
        <Button variant="secondary" disabled={review.isPending} onClick={() => void decide('send_back')}>
          {t('review.sendBack')}
        </Button>
      </div>
    </section>
  );
}
