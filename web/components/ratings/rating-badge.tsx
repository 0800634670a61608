// A user's rating in a line: "★ 4.5 (12)", read out in full ("Rated 4.5 out of 5 from 12 ratings"), or "not rated".
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRatingSummary } from '../../../contract/ratings';
import { formatNumber } from '../../lib/format';

export function RatingBadge({ rating }: { rating: TRatingSummary | undefined }) {
  const { t, i18n } = useTranslation('ratings');
  if (!rating) {
    return null;
  }
  if (rating.average === null) {
    return (
      <span className="text-xs text-stone-600" data-testid="rating-badge">
        {t('noRatings')}
      </span>
    );
  }
  const average = formatNumber(rating.average, i18n.language, 1);
  const count = formatNumber(rating.count, i18n.language);
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-stone-700"
      data-testid="rating-badge"
      role="img"
      aria-label={t('compact', { average, count: rating.count })}
    >
      <Star aria-hidden className="h-3.5 w-3.5 fill-amber-400 text-amber-500" />
      {average}
      <span className="text-stone-600">({count})</span>
    </span>
  );
}
