// Dates with date-fns patterns in the user's language (date-fns and both locales: loaded by the screens that use it).
import { format as formatDateFns } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';

/**
 * `pattern` should be one of date-fns' localized ones ('PP', 'PPp', 'p'), which put the parts in the language's own
 * order; a fixed one ('MMM dd, yyyy') keeps one language's order in both. For parts no localized pattern covers (day
 * and month without the year), use formatDateParts (format.ts).
 */
export function formatDate(iso: string | Date, language: string, pattern = 'PP'): string {
  return formatDateFns(typeof iso === 'string' ? new Date(iso) : iso, pattern, {
    locale: language === 'fr' ? fr : enUS,
  });
}
