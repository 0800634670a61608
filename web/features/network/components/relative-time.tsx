// "3 hours ago" / "il y a 4 jours" in the user's language, with the full date on hover and for machines.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { formatTimeAgo } from '../../../lib/relative-time';

export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatDate(date, i18n.language, 'PPpp')}>
      {formatTimeAgo(date, i18n.language)}
    </time>
  );
}
