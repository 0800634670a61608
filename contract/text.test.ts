// Unit and property tests of free-text normalisation: no control or bidirectional character survives, twice is once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText, zMultiLine, zSingleLine } from './text';

/** Characters no stored text may hold (the line feed is allowed in multi-line text, checked apart). */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern names the characters that must not survive.
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060-\u2064\uFEFF\u00AD\u2028\u2029]/u;

/** Text built from the characters that matter here, mixed with ordinary and accented letters. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'a',
        'M',
        'ï',
        'e',
        '\u0308',
        '\u212A',
        'ب',
        'क',
        '\u094D',
        '👩',
        '🌾',
        '\uFE0F',
        ' ',
        '\u00A0',
        '\u3000',
        '\t',
        '\n',
        '\r',
        '\r\n',
        '\u2028',
        '\u2029',
        '\u0085',
        '\u000B',
        '\u0000',
        '\u0007',
        '\u001B',
        '\u007F',
        '\u009B',
        '\u200B',
        '\u200C',
        '\u200D',
        '\u200E',
        '\u200F',
        '\u061C',
        '\u202A',
        '\u202B',
        '\u202C',
        '\u202D',
        '\u202E',
        '\u2066',
        '\u2067',
        '\u2068',
        '\u2069',
        '\u2060',
        '\uFEFF',
        '\u00AD',
      ),
      fc.string({ maxLength: 3 }),
      fc.string({ unit: 'binary', maxLength: 2 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('singleLineText', () => {
  it('replaces a surrogate without its pair (no UTF-8 store keeps it) and keeps a paired one', () => {
    expect(singleLineText('a\ud800b')).toBe('a\uFFFDb');
    expect(singleLineText('\udc00 x \ud83d')).toBe('\uFFFD x \uFFFD');
    expect(singleLineText('maïs 🌽')).toBe('maïs 🌽');
    expect(multiLineText('ligne\ud800\nsuite')).toBe('ligne\uFFFD\nsuite');
  });

  it('trims, collapses whitespace and line breaks, and drops control and bidirectional characters', () => {
    expect(singleLineText('Ma\u202Eïs\n')).toBe('Maïs');
    expect(singleLineText('  Maïs \t jaune\r\n du\u00A0Nord ')).toBe('Maïs jaune du Nord');
    expect(singleLineText('\u2066Cassava\u2069\u200B \u0000')).toBe('Cassava');
    expect(singleLineText('Mai\u0308s')).toBe('Maïs');
    // A removed character between a letter and its accent: they still compose.
    expect(singleLineText('Mai\u200B\u0308s')).toBe('Maïs');
  });

  it('keeps joiners where a script or an emoji sequence needs them, and drops stray ones', () => {
    expect(singleLineText('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(singleLineText('👩\u200D🌾')).toBe('👩\u200D🌾');
    expect(singleLineText('Ma\u200Dïs\u200C')).toBe('Maïs');
  });

  it('never leaves a control, line break or bidirectional character, and is idempotent (property)', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const once = singleLineText(text);
        expect(once).not.toMatch(FORBIDDEN);
        expect(once).not.toMatch(/\n|\s{2}|^\s|\s$/u);
        expect(singleLineText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('multiLineText', () => {
  it('keeps lines, unifies line breaks, trims line ends and the text, drops the rest', () => {
    expect(multiLineText('\n  First line  \r\nsecond\u202E line\u2028third\t end\n\n')).toBe(
      'First line\nsecond line\nthird  end',
    );
    expect(multiLineText('a\n\n\nb')).toBe('a\n\n\nb');
  });

  it('never leaves a control (but the line feed) or bidirectional character, and is idempotent (property)', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const once = multiLineText(text);
        expect(once).not.toMatch(FORBIDDEN);
        expect(once).not.toMatch(/\r|[ \t]\n|^\s|\s$/u);
        expect(multiLineText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('schemas', () => {
  it('check lengths on the normalised text', () => {
    const name = zSingleLine().min(2).max(5);
    expect(name.parse(' \u202EMaïs\n')).toBe('Maïs');
    expect(name.safeParse('\u200B\u200Ba\u202E').success).toBe(false);
    expect(zMultiLine().max(3).parse('a\u0000\nb  ')).toBe('a\nb');
  });
});
