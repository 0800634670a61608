// A notification as its recipient reads it: the text in their language, numbers formatted for it.
import type { Language } from '../../contract/constants';
import type { TNotification, TNotificationData } from '../../contract/notifications';
import { catalogueText, translate } from '../http/i18n';
import { moneyText } from '../http/money-text';
import type { NotificationRow } from './notifications.repo';

/** Data fields that hold an amount of money (in currency units). */
const MONEY_FIELDS = new Set(['price', 'amount', 'total', 'due', 'refund', 'fee', 'threshold']);

/** The data field that names a commodity (as its seller or buyer typed it). */
const COMMODITY_FIELD = 'commodity';

/**
 * How the reader names a commodity: the catalogue's kind in their language, else as typed (the catalogue's
 * snapshot, `marketplace/catalogue.ts`, read at the time the text is made so a renamed kind reads renamed).
 */
export interface CommodityNames {
  readerName(lang: Language, typed: string): string;
}

/**
 * A value as the text shows it: a commodity as the reader names it, amounts in the currency, numbers per locale,
 * `…Key` values translated.
 */
function shown(lang: Language, names: CommodityNames, name: string, value: string | number | null): string {
  if (value === null) {
    return '';
  }
  if (name === COMMODITY_FIELD && typeof value === 'string') {
    return names.readerName(lang, value);
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
export function notificationText(
  lang: Language,
  names: CommodityNames,
  type: string,
  data: TNotificationData,
): string {
  const reason = typeof data.reason === 'string' ? `notifications.types.${type}_${data.reason}` : null;
  const template =
    (reason === null ? undefined : catalogueText(lang, reason)) ??
    catalogueText(lang, `notifications.types.${type}`) ??
    type;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    shown(lang, names, name, data[name] ?? null),
  );
}

export function presentNotification(
  row: NotificationRow,
  lang: Language,
  names: CommodityNames,
): TNotification {
  return {
    id: row.id,
    type: row.type,
    text: notificationText(lang, names, row.type, row.data),
    data: row.data,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
