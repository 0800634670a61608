// A user's reputation: average and count, the record of their orders (completed, cancelled, disputed) and the
// latest ratings they received; a manager hides an abusive note (its score still counts) or shows it again.
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRating, TUserRatings } from '../../../contract/ratings';
import { formatDate, formatNumber } from '../../lib/format';
import { useUserRatings } from '../../lib/queries/user-ratings';
import { useModerateRating } from '../../lib/ratings/moderate-rating';
import { useUser } from '../../lib/session';
import { Button } from '../ui/button';
import { RatingsQueryState } from './ratings-query-state';

export function Stars({ score }: { score: number }) {
  const { t } = useTranslation('ratings');
  return (
    <span role="img" aria-label={t('stars', { score })} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={n <= score ? 'h-4 w-4 fill-amber-400 text-amber-500' : 'h-4 w-4 text-stone-300'}
        />
      ))}
    </span>
  );
}

function Summary({ data }: { data: TUserRatings }) {
  const { t, i18n } = useTranslation('ratings');
  const lng = i18n.language;
  const { summary, record } = data;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-lg font-semibold text-stone-900" data-testid="rating-summary">
        {summary.average === null
          ? t('noRatings')
          : t('summary', { average: formatNumber(summary.average, lng, 1), count: summary.count })}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="order-record">
        {(['completed', 'cancelled', 'disputed'] as const).map((kind) => (
          <div key={kind} className="rounded-md bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{t(`record.${kind}`)}</dt>
            <dd className="font-semibold text-stone-900">{formatNumber(record[kind], lng)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function RatingLine({ rating, canModerate }: { rating: TRating; canModerate: boolean }) {
  const { t, i18n } = useTranslation('ratings');
  const moderate = useModerateRating();
  return (
    <li className="flex flex-col gap-1 border-t border-stone-100 pt-2" data-testid="rating-line">
      <div className="flex flex-wrap items-center gap-2">
        <Stars score={rating.score} />
        <span className="text-xs text-stone-600">
          {t('byOn', { rater: rating.rater.username, commodity: rating.commodityName })} ·{' '}
          {t(rating.raterSide === 'buyer' ? 'asBuyer' : 'asSeller')} ·{' '}
          {formatDate(rating.updatedAt, i18n.language, 'PP')}
        </span>
      </div>
      {rating.note !== null ? (
        <p className="text-sm whitespace-pre-line text-stone-800">{rating.note}</p>
      ) : null}
      {rating.hidden ? <p className="text-xs text-stone-600 italic">{t('hiddenNote')}</p> : null}
      {canModerate && rating.note !== null ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={moderate.isPending}
            onClick={() => moderate.mutate({ id: rating.id, hidden: !rating.hidden })}
          >
            {t(rating.hidden ? 'show' : 'hide')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The reputation of `userId`; `enabled` waits until it is shown (a dialog opened). */
export function UserRatings({ userId, enabled = true }: { userId: number; enabled?: boolean }) {
  const { t } = useTranslation('ratings');
  const ratings = useUserRatings(userId, enabled);
  const canModerate = useUser().data?.role === 'manager';
  if (!ratings.isSuccess) {
    return <RatingsQueryState query={ratings} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <Summary data={ratings.data} />
      {ratings.data.items.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-stone-900">{t('received')}</h3>
          <ul className="flex flex-col gap-2">
            {ratings.data.items.map((rating) => (
              <RatingLine key={rating.id} rating={rating} canModerate={canModerate} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
