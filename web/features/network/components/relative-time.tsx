// "3 hours ago" / "il y a 3 heures" in the user's language, with the full date on hover and for machines.
import { formatDistanceToNow } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  // A clock a little behind the server's must not say "in a few seconds".
  const shown = Math.min(date.getTime(), Date.now());
  return (
    <time dateTime={iso} title={formatDate(date, i18n.language, 'PPpp')}>
      {formatDistanceToNow(shown, { addSuffix: true, locale: i18n.language === 'fr' ? fr : enUS })}
    </time>
  );
}
