// A co-operative member's intakes, what they are owed and their payouts as short phone lines (catalogue
// `phone.coop.*`), and lists packed into one SMS or one USSD screen: the latest items first, as many as fit.
import type { Language } from '../../contract/constants';
import { fitsUssd, gsm7Spelling, smsLength } from '../channels/sms-text';
import type { PhoneIntake, PhoneOwed, PhoneShare } from '../groups';
import { money, say } from './phone-text';

// A narrow no-break space (French "1 200", "12 nov.") would turn the whole text into UCS-2: plain spaces.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A day (YYYY-MM-DD, as stored) the way a phone says it: "12 Nov", "12 nov.". */
export const dayText = (lang: Language, iso: string) =>
  plainSpaces(
    new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    ),
  );

/** Kilograms as a whole number in the reader's digits ("1,200", "1 200"). */
export const kgText = (lang: Language, kg: number) =>
  plainSpaces(new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(kg));

/** One intake: its receipt reference, kilograms, crop (as the reader names it), grade and day. */
export function intakeLine(lang: Language, intake: PhoneIntake, crop: string): string {
  const key = intake.reversal ? 'coop.reversal' : intake.reversed ? 'coop.reversed' : 'coop.intake';
  return say(lang, key, {
    ref: intake.reference,
    kg: kgText(lang, intake.kg),
    crop,
    grade: intake.grade,
    day: dayText(lang, intake.date),
  });
}

/** Delivered awaiting settlement, and what is due from approved shares, in one line. */
export function owedLine(lang: Language, owed: PhoneOwed): string {
  const due =
    owed.dueNet > 0 ? say(lang, 'coop.due', { net: money(lang, owed.dueNet) }) : say(lang, 'coop.nothingDue');
  return `${say(lang, 'coop.awaiting', { kg: kgText(lang, owed.awaitingKg) })} ${due}`;
}

/** A share with its payout's state: on the owed screen ("Share of 3 Nov: …") or in the payouts list. */
export function shareLine(lang: Language, share: PhoneShare, key: 'coop.share' | 'coop.payout'): string {
  return say(lang, key, {
    day: dayText(lang, share.date),
    net: money(lang, share.net),
    status: say(lang, `coop.status.${share.status}`),
  });
}

/** A text's size as it will go: in GSM-7 when every character has a spelling there (Maïs → Mais), else as is. */
const asSent = (text: string) => gsm7Spelling(text) ?? text;

export const fitsOneSms = (text: string) => smsLength(asSent(text)).segments <= 1;
export const fitsOneScreen = (text: string) => fitsUssd(asSent(text));

/** An SMS as sent: as written when it fits one part, else in GSM-7 when that makes it fit (else as written). */
export function oneSms(text: string): string {
  if (smsLength(text).segments <= 1) {
    return text;
  }
  const spelled = gsm7Spelling(text);
  return spelled !== null && smsLength(spelled).segments <= 1 ? spelled : text;
}

/**
 * The head, then as many of the items (newest first) as fit with the tail, and the `more` line when some are left
 * out (or `more` is already known); at least one item, so that a long one still says something (it is then cut or
 * split by the channel's own rules).
 */
export function packLines(options: {
  head: readonly string[];
  items: readonly string[];
  tail: readonly string[];
  more: string;
  moreBeyond: boolean;
  fits: (text: string) => boolean;
}): string[] {
  const { head, items, tail, more, fits } = options;
  const build = (count: number) => {
    const left = count < items.length || options.moreBeyond;
    return [...head, ...items.slice(0, count), ...(left ? [more] : []), ...tail];
  };
  let count = items.length;
  while (count > 1 && !fits(build(count).join('\n'))) {
    count -= 1;
  }
  return build(count);
}
