// SMS and USSD text under the GSM 03.38 rules: which alphabet a text needs, how many parts an SMS costs and
// whether a USSD screen fits, and how to bring a French alert down to one 160-character part. One accent outside
// GSM-7 (ï, ê, ç) switches the whole text to UCS-2, where an SMS part holds 70 characters and a USSD screen 80,
// so folding those few letters keeps a message cheap and whole.
import { USSD_SCREEN_MAX, USSD_SCREEN_MAX_UCS2 } from '../../contract/phone';

/** The GSM 03.38 default alphabet (without the escape code), one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape septet plus one, so two septets each. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

const LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

/** A USSD screen's room in each encoding (septets or UTF-16 units). */
const USSD_LIMITS = { gsm7: USSD_SCREEN_MAX, ucs2: USSD_SCREEN_MAX_UCS2 } as const;

/** Where a text is cut: three dots, in GSM-7 ('…' is not, and would switch the text to UCS-2). */
export const ELLIPSIS = '...';

export interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** Parts the network carries; 0 for an empty text. */
  segments: number;
}

export function isGsm7(text: string): boolean {
  for (const char of text) {
    if (!GSM7_BASIC.has(char) && !GSM7_EXTENSION.has(char)) {
      return false;
    }
  }
  return true;
}

export function smsLength(text: string): SmsLength {
  const encoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  // Per character: an extension character is two septets, a character beyond the BMP two UTF-16 units.
  const sizes = Array.from(text, (char) =>
    encoding === 'gsm7' ? (GSM7_EXTENSION.has(char) ? 2 : 1) : char.length,
  );
  const units = sizes.reduce((sum, size) => sum + size, 0);
  return { encoding, units, segments: countSegments(sizes, units, LIMITS[encoding]) };
}

/** Whether `text` fits one USSD screen in the encoding it will be sent in. */
export function fitsUssd(text: string): boolean {
  const { encoding, units } = smsLength(text);
  return units <= USSD_LIMITS[encoding];
}

/**
 * Parts of a concatenated SMS. A character's units never straddle two parts (an escape pair or a surrogate
 * pair stays together), so a part may carry one unit less than its limit: packing counts that, dividing would not.
 */
function countSegments(sizes: number[], units: number, limits: { single: number; part: number }): number {
  if (units === 0) {
    return 0;
  }
  if (units <= limits.single) {
    return 1;
  }
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limits.part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

/** What stands for a character GSM-7 has no spelling of. */
const NO_SPELLING = '?';

/** Characters whose nearest GSM-7 spelling is not their Unicode decomposition. */
const FOLDS: Record<string, string> = {
  œ: 'oe',
  Œ: 'OE',
  '…': ELLIPSIS,
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '´': "'",
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '•': '-',
  '×': 'x',
  // "n°" (numéro) reads as "no".
  '°': 'o',
  '\t': ' ',
  // No-break, narrow no-break (French thousands and "maïs :"), thin and other fixed-width spaces.
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  // Invisible: zero-width space/joiners, byte-order mark, soft hyphen.
  '\u200B': '',
  '\u200C': '',
  '\u200D': '',
  '\uFEFF': '',
  '\u00AD': '',
};

/** GSM-7 has no degree sign: Celsius reads "24C" ("24 C" in French), where "n°" reads "no" below. */
const withoutDegreeSign = (text: string) => text.replace(/°C/g, 'C');

/**
 * The same text in GSM-7 only: characters GSM-7 has are kept (é è à ù Ç É …), the others replaced by their
 * nearest spelling (ê → e, ç → c, œ → oe, ’ → ', … → ...), and anything with no spelling by '?'.
 */
export function foldToGsm7(text: string): string {
  let out = '';
  for (const char of withoutDegreeSign(text)) {
    out += foldChar(char);
  }
  return out;
}

/**
 * The text in GSM-7 when every character has a spelling there (ê → e, n° → no, « → "), else null: an emoji or
 * another script has none, and '?' in its place would say less than the text in UCS-2.
 */
export function gsm7Spelling(text: string): string | null {
  let out = '';
  for (const char of withoutDegreeSign(text)) {
    const folded = foldChar(char);
    if (folded === NO_SPELLING && char !== NO_SPELLING) {
      return null;
    }
    out += folded;
  }
  return out;
}

function foldChar(char: string): string {
  if (GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char)) {
    return char;
  }
  const fold = FOLDS[char];
  if (fold !== undefined) {
    return fold;
  }
  // Compatibility decomposition without the accents: ê → e, À → A, ﬁ → fi, ² → 2.
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return bare !== '' && isGsm7(bare) ? bare : NO_SPELLING;
}

/**
 * `text` followed by `link` (after a space) in `parts` SMS parts (one unless told): as is when it fits, else
 * folded to GSM-7, else folded and cut (at a word when possible) with '...' so that the link still fits whole. A
 * link that leaves no room for any text is dropped, and the folded text alone is cut to fit.
 */
export function fitSms(text: string, link: string | null, parts = 1): string {
  const asIs = withLink(text, link);
  if (fitsParts(asIs, parts)) {
    return asIs;
  }
  const folded = foldToGsm7(text);
  const linkFits = link !== null && fitsParts(withLink(ELLIPSIS, link), parts);
  return cutToFit(folded, linkFits ? link : null, parts);
}

function withLink(text: string, link: string | null): string {
  if (link === null) {
    return text;
  }
  return text === '' ? link : `${text} ${link}`;
}

function fitsParts(text: string, parts: number): boolean {
  return smsLength(text).segments <= parts;
}

/** The longest start of `text` that, ended with '...', fits `parts` parts with the link; the whole text if it fits. */
function cutToFit(text: string, link: string | null, parts: number): string {
  if (fitsParts(withLink(text, link), parts)) {
    return withLink(text, link);
  }
  const chars = Array.from(text);
  const low = longestFitting(chars, (start) => fitsParts(withLink(start + ELLIPSIS, link), parts));
  return withLink(atWordEnd(chars, low) + ELLIPSIS, link);
}

/**
 * The first `n` characters, brought back to the end of the last whole word when that loses little (a cut
 * within the last third), without trailing spaces or punctuation before the '...'.
 */
/**
 * How many of `chars` make the longest start that `fits`. Room only shrinks as the start grows (more units, and
 * UCS-2 once a character needs it), so halving finds it.
 */
export function longestFitting(chars: readonly string[], fits: (start: string) => boolean): number {
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join(''))) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

function atWordEnd(chars: string[], n: number): string {
  let end = n;
  const nextIsBreak = n >= chars.length || /\s/.test(chars[n] ?? '');
  if (!nextIsBreak) {
    const lastSpace = chars.slice(0, n).findLastIndex((char) => /\s/.test(char));
    if (lastSpace >= (n * 2) / 3) {
      end = lastSpace;
    }
  }
  return chars
    .slice(0, end)
    .join('')
    .replace(/[\s,;:.\-–—]+$/u, '');
}
