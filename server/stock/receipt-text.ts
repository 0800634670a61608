// A deposit receipt as one SMS: the message sent to the depositor and the answer to RECEIPT <code> / RECU <code>,
// in the reader's language (catalogue `phone.receipt.*`), each fitting one SMS part whatever the names' length.
import type { Language } from '../../contract/constants';
import type { TReceipt } from '../../contract/stock';
import { ELLIPSIS, foldToGsm7, gsm7Spelling, smsLength } from '../channels/sms-text';
import { translate } from '../http/i18n';

/** What the deposit message tells: the receipt's fields without its status (it is new). */
export type ReceiptSmsFields = Pick<
  TReceipt,
  'number' | 'code' | 'depositor' | 'crop' | 'grade' | 'moisture' | 'quantity' | 'store' | 'depositedAt'
>;

/** A name is never cut shorter than this, its "..." included: "Amina..." still says who. */
const MIN_NAME_LENGTH = 8;

// A narrow no-break space (French "13 %", "12 500") would turn the whole SMS into UCS-2: plain spaces.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const numberText = (lang: Language, value: number, digits: number) =>
  plainSpaces(new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value));

/** The day of deposit (a UTC date, as stored) in the reader's words: "Nov 27, 2026", "27 nov. 2026". */
const dayText = (lang: Language, iso: string) =>
  plainSpaces(
    new Intl.DateTimeFormat(lang, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(iso)),
  );

const say = (lang: Language, key: string, params: Record<string, string | number> = {}) =>
  translate(lang, `phone.receipt.${key}`, params);

/** The free-text parts a long entry could push past one SMS: cut, when it must be shorter. */
interface Names {
  depositor: string;
  crop: string;
  store: string;
}

const placeOf = (store: TReceipt['store']) =>
  store.location === null || store.location === '' ? store.name : `${store.name}, ${store.location}`;

/** `name` at most `max` characters, ending in '...' when cut (never before MIN_NAME_LENGTH). */
function cut(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) {
    return name;
  }
  const kept = chars.slice(0, Math.max(max, MIN_NAME_LENGTH) - ELLIPSIS.length).join('');
  return kept.replace(/[\s,;:.-]+$/u, '') + ELLIPSIS;
}

const fitsOnePart = (text: string) => smsLength(text).segments <= 1;

/** The text in GSM-7 (é è à kept, ç ô ï folded): a character with no spelling there becomes '?'. */
const inGsm7 = (text: string) => gsm7Spelling(text) ?? foldToGsm7(text);

/**
 * The message made by `compose`, the first way that fits one part: with the names as they are; in GSM-7, where
 * a part holds 160 characters instead of 70 (ç → c, ô → o: "Recu", "depot"); the same without the store's
 * location; and last without the location and with the longest names cut, as little as fits. The number, code,
 * quantity, grade and date are never cut: the code is what proves the paper.
 */
function fitOnePart(receipt: ReceiptSmsFields, compose: (names: Names) => string): string {
  const withPlace: Names = {
    depositor: receipt.depositor,
    crop: receipt.crop,
    store: placeOf(receipt.store),
  };
  const withoutPlace: Names = { ...withPlace, store: receipt.store.name };
  for (const names of [withPlace, withoutPlace]) {
    const asIs = compose(names);
    if (fitsOnePart(asIs)) {
      return asIs;
    }
    const folded = inGsm7(asIs);
    if (fitsOnePart(folded)) {
      return folded;
    }
  }
  const spelled: Names = {
    depositor: inGsm7(withoutPlace.depositor),
    crop: inGsm7(withoutPlace.crop),
    store: inGsm7(withoutPlace.store),
  };
  const capped = (max: number) =>
    inGsm7(
      compose({
        depositor: cut(spelled.depositor, max),
        crop: cut(spelled.crop, max),
        store: cut(spelled.store, max),
      }),
    );
  // The longest cap that fits: a longer cap only lengthens the text, so halving finds it.
  let low = MIN_NAME_LENGTH;
  let high = Math.max(...Object.values(spelled).map((name) => Array.from(name).length));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fitsOnePart(capped(mid))) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return capped(low);
}

/** The parameters both texts share, but the names. */
function commonParams(lang: Language, receipt: ReceiptSmsFields): Record<string, string> {
  return {
    number: receipt.number,
    code: receipt.code,
    quantity: numberText(lang, receipt.quantity, 3),
    grade: receipt.grade === null ? '' : say(lang, 'grade', { grade: receipt.grade }),
    moisture:
      receipt.moisture === null
        ? ''
        : say(lang, 'moisture', { moisture: numberText(lang, receipt.moisture, 1) }),
    date: dayText(lang, receipt.depositedAt),
  };
}

/** The SMS sent to the depositor when the receipt is made: one part, in their language. */
export function receiptSms(lang: Language, receipt: ReceiptSmsFields): string {
  const params = commonParams(lang, receipt);
  return fitOnePart(receipt, (names) => say(lang, 'sms', { ...params, ...names }));
}

/**
 * The answer to RECEIPT <code> (a buyer or lender checking a paper): the receipt's fields and status in one part,
 * or only "not found" for a code no receipt has (nothing tells a near miss from a far one).
 */
export function receiptAnswer(lang: Language, receipt: TReceipt | null): string {
  if (receipt === null) {
    const notFound = say(lang, 'notFound');
    return fitsOnePart(notFound) ? notFound : inGsm7(notFound);
  }
  const status = say(lang, `status.${receipt.status}`, { held: numberText(lang, receipt.held, 3) });
  const params = { ...commonParams(lang, receipt), status };
  return fitOnePart(receipt, (names) => say(lang, 'answer', { ...params, ...names }));
}
