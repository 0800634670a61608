// A notification as its recipient reads it: the text in their language, numbers formatted for it.
import type { Language } from '../../contract/constants';
import type { TNotification, TNotificationData } from '../../contract/notifications';
import { catalogueText, translate } from '../http/i18n';
import { moneyText } from '../http/money-text';
import type { NotificationRow } from './notifications.repo';

/** Data fields that hold an amount of money (in currency units). */
const MONEY_FIELDS = new Set(['price', 'amount', 'total', 'due', 'refund', 'fee', 'threshold']);

/** A value as the text shows it: amounts in the currency, numbers per locale, `…Key` values translated. */
function shown(lang: Language, name: string, value: string | number | null): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'number' && MONEY_FIELDS.has(name)) {
    return moneyText(lang, value);
  }
  if (typeof value === 'number') {
    return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
  }
  return name.endsWith('Key') ? translate(lang, value) : value;
}

/**
 * The text of a notification: its type's template, or the template of its type for a reason (`data.reason`, e.g.
 * `bid_rejected_sold_out`) when the catalogue has one.
 */
export function notificationText(lang: Language, type: string, data: TNotificationData): string {
  const reason = typeof data.reason === 'string' ? `notifications.types.${type}_${data.reason}` : null;
  const template =
    (reason === null ? undefined : catalogueText(lang, reason)) ??
    catalogueText(lang, `notifications.types.${type}`) ??
    type;
  // A field may carry its value in each language (`commodity_fr` beside `commodity`): the reader's is shown.
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    shown(lang, name, data[`${name}_${lang}`] ?? data[name] ?? null),
  );
}

export function presentNotification(row: NotificationRow, lang: Language): TNotification {
  return {
    id: row.id,
    type: row.type,
    text: notificationText(lang, row.type, row.data),
    data: row.data,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
