// Dates with date-fns patterns in the user's language (date-fns and both locales: loaded by the screens that use it).
import { format as formatDateFns } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';

export function formatDate(iso: string | Date, language: string, pattern = 'MMM dd, yyyy'): string {
  return formatDateFns(typeof iso === 'string' ? new Date(iso) : iso, pattern, {
    locale: language === 'fr' ? fr : enUS,
  });
}
