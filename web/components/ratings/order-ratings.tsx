// An order's ratings, for its buyer and seller once it is completed: the caller rates the other side (1–5 and a
// short note), changes it within RATING_EDIT_DAYS, and reads the other side's rating of them.
import { useTranslation } from 'react-i18next';
import { RATING_MAX, RATING_MIN, RATING_NOTE_MAX, type TRating } from '../../../contract/ratings';
import { formatDate } from '../../lib/format';
import { mutateThen } from '../../lib/mutate-then';
import { useOrderRatings } from '../../lib/queries/order-ratings';
import { ratingForm } from '../../lib/ratings/form-schema';
import { useRateOrder } from '../../lib/ratings/rate-order';
import { toastError } from '../../lib/toast-store';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Select, Textarea } from '../ui/input';
import { RatingsQueryState } from './ratings-query-state';
import { Stars } from './user-ratings';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i);

function RatingForm({ orderId, mine, other }: { orderId: number; mine: TRating | null; other: string }) {
  const { t } = useTranslation('ratings');
  const rate = useRateOrder(orderId);
  const prefix = `rating-${orderId}-`;
  const form = useZodForm(
    ratingForm,
    { score: mine ? String(mine.score) : '', note: mine?.note ?? '' },
    { idPrefix: prefix },
  );
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(
          rate,
          { score: data.score, note: data.note ?? '' },
          {
            onError: (error) => toastError(t('order.title'), error),
          },
        ),
      )}
    >
      <p className="text-sm text-stone-700">{t('order.intro', { name: other })}</p>
      <Field id={`${prefix}score`} label={t('order.score')} error={form.errors.score}>
        <Select {...form.field('score')}>
          <option value="">—</option>
          {SCORES.map((score) => (
            <option key={score} value={score}>
              {`${'★'.repeat(score)} ${t('stars', { score })}`}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}note`} label={t('order.note')} error={form.errors.note}>
        <Textarea
          maxLength={RATING_NOTE_MAX}
          placeholder={t('order.notePlaceholder')}
          {...form.field('note')}
        />
      </Field>
      <div>
        <Button type="submit" disabled={rate.isPending}>
          {t(mine ? 'order.update' : 'order.save')}
        </Button>
      </div>
    </form>
  );
}

function RatingShown({ title, rating }: { title: string; rating: TRating }) {
  const { t } = useTranslation('ratings');
  return (
    <div className="flex flex-col gap-1" data-testid="order-rating">
      <p className="text-xs font-medium text-stone-600">{title}</p>
      <Stars score={rating.score} />
      {rating.note !== null ? (
        <p className="text-sm whitespace-pre-line text-stone-800">{rating.note}</p>
      ) : null}
      {rating.hidden ? <p className="text-xs text-stone-600 italic">{t('hiddenNote')}</p> : null}
    </div>
  );
}

export function OrderRatings({ orderId, other }: { orderId: number; other: string }) {
  const { t, i18n } = useTranslation('ratings');
  const ratings = useOrderRatings(orderId);
  if (!ratings.isSuccess) {
    return <RatingsQueryState query={ratings} />;
  }
  const { mine, theirs, canEdit } = ratings.data;
  return (
    <div className="flex flex-col gap-4">
      {canEdit ? (
        <>
          {/* Keyed by the saved rating: the form starts again from what was saved. */}
          <RatingForm key={mine?.updatedAt ?? 'new'} orderId={orderId} mine={mine} other={other} />
          {mine ? (
            <p className="text-xs text-stone-600">
              {t('order.editableUntil', { date: formatDate(mine.editableUntil, i18n.language, 'PP') })}
            </p>
          ) : null}
        </>
      ) : mine ? (
        <>
          <RatingShown title={t('order.yours')} rating={mine} />
          <p className="text-xs text-stone-600">{t('order.closed')}</p>
        </>
      ) : null}
      {theirs ? (
        <RatingShown title={t('order.theirs')} rating={theirs} />
      ) : (
        <p className="text-sm text-stone-600">{t('order.notYet', { name: other })}</p>
      )}
    </div>
  );
}
