// GSM 03.38 counting, folding and fitting, on the French alerts Terroir actually sends.
import { describe, expect, it } from 'vitest';
import { fitSms, fitsUssd, foldToGsm7, gsm7Spelling, isGsm7, smsLength } from './sms-text';

const LINK = 'https://terroir.cm/l/8Kq2xZ';
const OUTBID =
  'Vous avez été surenchéri sur le maïs : la meilleure offre est maintenant de 275 000 FCFA la tonne.';
/** Septets of a GSM-7 text, the way the network counts them. */
const septets = (text: string) => {
  const length = smsLength(text);
  expect(length.encoding).toBe('gsm7');
  return length.units;
};

describe('isGsm7', () => {
  it('accepts the French letters GSM-7 has, and the extension table', () => {
    expect(isGsm7('Vous avez été surenchéri à Bafoussam, où il a plu')).toBe(true);
    expect(isGsm7('Ça, Ä Ö Ñ Ü ä ö ñ ü ß Å å Æ æ Ø ø É è ì ò')).toBe(true);
    expect(isGsm7('€ [ ] { } ^ ~ \\ |')).toBe(true);
    expect(isGsm7('@£$¥¤§¿¡ΔΦΓΛΩΠΨΣΘΞ\r\n')).toBe(true);
    expect(isGsm7('')).toBe(true);
  });

  it('refuses what only UCS-2 carries', () => {
    for (const text of [
      'maïs',
      'ça',
      'tête',
      'cœur',
      'l’Ouest',
      '275\u202F000',
      '« prix »',
      '🌽',
      '玉米',
      '`',
    ]) {
      expect(isGsm7(text), text).toBe(false);
    }
  });
});

describe('smsLength', () => {
  it('counts one 160-septet part, then 153-septet parts', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306))).toEqual({ encoding: 'gsm7', units: 306, segments: 2 });
    expect(smsLength('a'.repeat(307))).toEqual({ encoding: 'gsm7', units: 307, segments: 3 });
  });

  it('counts an extension character as two septets', () => {
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsLength('€'.repeat(81))).toEqual({ encoding: 'gsm7', units: 162, segments: 2 });
    expect(smsLength('Prix [maïs]').encoding).toBe('ucs2');
    // 17 characters, four of them ([ ] ~ €) from the extension table.
    expect(smsLength('Prix [mais] ~ 25€')).toEqual({ encoding: 'gsm7', units: 21, segments: 1 });
  });

  it('never splits an escape pair across two parts', () => {
    // 306 septets would be two parts of 153, but the € cannot start in one part and end in the next.
    expect(smsLength(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'gsm7',
      units: 306,
      segments: 3,
    });
  });

  it('counts UCS-2 in UTF-16 units: one 70-unit part, then 67-unit parts', () => {
    expect(smsLength('ï'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsLength('ï'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsLength('ï'.repeat(134))).toEqual({ encoding: 'ucs2', units: 134, segments: 2 });
    expect(smsLength('🌽')).toEqual({ encoding: 'ucs2', units: 2, segments: 1 });
    // A surrogate pair stays in one part, like an escape pair.
    expect(smsLength(`${'ï'.repeat(66)}🌽${'ï'.repeat(66)}`)).toEqual({
      encoding: 'ucs2',
      units: 134,
      segments: 3,
    });
  });

  it('counts the outbid alert: one accent makes it two UCS-2 parts instead of one GSM-7 part', () => {
    expect(smsLength(OUTBID)).toEqual({ encoding: 'ucs2', units: 98, segments: 2 });
    expect(smsLength(foldToGsm7(OUTBID))).toEqual({ encoding: 'gsm7', units: 98, segments: 1 });
  });

  it('counts nothing for an empty text', () => {
    expect(smsLength('')).toEqual({ encoding: 'gsm7', units: 0, segments: 0 });
  });
});

describe('fitsUssd', () => {
  it('holds 182 GSM-7 septets (an extension character two), or 80 UCS-2 units once one character needs them', () => {
    expect(fitsUssd('a'.repeat(182))).toBe(true);
    expect(fitsUssd('a'.repeat(183))).toBe(false);
    expect(fitsUssd('€'.repeat(91))).toBe(true);
    expect(fitsUssd('€'.repeat(92))).toBe(false);
    expect(fitsUssd(`n° ${'a'.repeat(77)}`)).toBe(true);
    expect(fitsUssd(`n° ${'a'.repeat(78)}`)).toBe(false);
    expect(fitsUssd('🌽'.repeat(40))).toBe(true);
    expect(fitsUssd('🌽'.repeat(41))).toBe(false);
  });
});

describe('gsm7Spelling', () => {
  it('spells a text in GSM-7 when every character has a spelling, and gives up when one has none', () => {
    expect(gsm7Spelling('Offre n° 12 : prête, « maïs »')).toBe('Offre no 12 : prete, " mais "');
    expect(gsm7Spelling('Quoi ? 100 €')).toBe('Quoi ? 100 €');
    expect(gsm7Spelling('Maïs 🌽')).toBeNull();
    expect(gsm7Spelling('玉米')).toBeNull();
  });
});

describe('foldToGsm7', () => {
  it('keeps the accented letters GSM-7 has', () => {
    const kept = 'é è à ù ì ò Ç É Ä Ö Ñ Ü ä ö ñ ü ß Å å Æ æ Ø ø € [ ] ~';
    expect(foldToGsm7(kept)).toBe(kept);
  });

  it('replaces the French letters GSM-7 lacks by their base letters', () => {
    expect(foldToGsm7('annonce n° 21, offre n°34')).toBe('annonce no 21, offre no34');
    expect(foldToGsm7('ê ë â î ï ô û ç ÿ')).toBe('e e a i i o u c y');
    expect(foldToGsm7('À Â Ê È Ë Î Ï Ô Û Ù Ÿ')).toBe('A A E E E I I O U U Y');
    expect(foldToGsm7('cœur, Œuvre, Noël, août, Île, ça, Ça, tête')).toBe(
      'coeur, OEuvre, Noel, aout, Ile, ca, Ça, tete',
    );
  });

  it('straightens typography: quotes, dashes, ellipsis and the spaces French number formats use', () => {
    expect(foldToGsm7('l’Ouest, ‘oui’, “non” — « prix » – fin…')).toBe(
      'l\'Ouest, \'oui\', "non" - " prix " - fin...',
    );
    const price = new Intl.NumberFormat('fr-FR').format(275000);
    expect(price).not.toBe('275 000');
    expect(foldToGsm7(`${price}\u00A0FCFA`)).toBe('275 000 FCFA');
    expect(foldToGsm7('maïs\u202F: 12\u2009t\tsec')).toBe('mais : 12 t sec');
    expect(foldToGsm7('soft\u00ADhyphen\u200Bzero')).toBe('softhyphenzero');
  });

  it('uses a compatibility decomposition as the fallback and ? for what has no spelling', () => {
    expect(foldToGsm7('ﬁ ² ｍａïｓ')).toBe('fi 2 mais');
    expect(foldToGsm7('Maïs 🌽 玉米')).toBe('Mais ? ??');
  });

  it('always gives GSM-7', () => {
    const samples = [OUTBID, 'Ŝtrange ŭ ĳ ǅ Ω ℃ № ½ ⅓ ∞ ✓', 'Ελληνικά αβγ', 'Русский'];
    for (const sample of samples) {
      expect(isGsm7(foldToGsm7(sample)), sample).toBe(true);
    }
  });
});

describe('fitSms', () => {
  it('sends a text that fits one part as is, accents included', () => {
    expect(fitSms('Offre acceptée : 12 t de maïs', LINK)).toBe(`Offre acceptée : 12 t de maïs ${LINK}`);
    expect(fitSms('Votre lot est en ligne.', null)).toBe('Votre lot est en ligne.');
    expect(fitSms('', LINK)).toBe(LINK);
  });

  it('folds to GSM-7 when that makes it one part', () => {
    const fitted = fitSms(OUTBID, LINK);
    expect(fitted).toBe(
      `Vous avez été surenchéri sur le mais : la meilleure offre est maintenant de 275 000 FCFA la tonne. ${LINK}`,
    );
    expect(septets(fitted)).toBeLessThanOrEqual(160);
  });

  it('cuts a long alert at a word, ends it with ..., and keeps the link whole', () => {
    const text =
      'Nouvelle demande de maïs blanc à Bafoussam : 40 tonnes recherchées par la coopérative des producteurs ' +
      "de l’Ouest, livraison avant la fin du mois, prix à débattre selon la qualité et l'humidité du grain.";
    const fitted = fitSms(text, LINK);
    expect(fitted.endsWith(`... ${LINK}`)).toBe(true);
    expect(septets(fitted)).toBeLessThanOrEqual(160);
    const body = fitted.slice(0, -` ${LINK}`.length - 3);
    expect(foldToGsm7(text).startsWith(body)).toBe(true);
    // Cut after a whole word: the folded text goes on with a space (or punctuation then a space) there.
    expect(foldToGsm7(text).slice(body.length)).toMatch(/^[,;:.]?\s/);
    expect(body).toBe(
      "Nouvelle demande de mais blanc à Bafoussam : 40 tonnes recherchées par la coopérative des producteurs de l'Ouest, livraison avant",
    );
  });

  it('uses the room to the last septet when the text has no space to cut at', () => {
    const fitted = fitSms('x'.repeat(300), LINK);
    expect(fitted).toBe(`${'x'.repeat(160 - 3 - 1 - LINK.length)}... ${LINK}`);
    expect(septets(fitted)).toBe(160);
  });

  it('counts extension characters as two septets when cutting', () => {
    const fitted = fitSms('€'.repeat(200), LINK);
    expect(fitted).toBe(`${'€'.repeat(Math.floor((160 - 3 - 1 - LINK.length) / 2))}... ${LINK}`);
    expect(septets(fitted)).toBeLessThanOrEqual(160);
  });

  it('keeps a link with extension characters whole', () => {
    const link = 'https://terroir.cm/~lot/[42]';
    const fitted = fitSms(`${OUTBID} ${OUTBID}`, link);
    expect(fitted.endsWith(`... ${link}`)).toBe(true);
    expect(septets(fitted)).toBeLessThanOrEqual(160);
  });

  it('drops a link that leaves no room, and cuts the folded text alone to one part', () => {
    const link = `https://terroir.cm/${'a'.repeat(150)}`;
    const fitted = fitSms(`${OUTBID} ${OUTBID}`, link);
    expect(fitted).not.toContain('https://');
    expect(fitted.endsWith('...')).toBe(true);
    expect(septets(fitted)).toBeLessThanOrEqual(160);
    expect(fitSms(OUTBID, link)).toBe(foldToGsm7(OUTBID));
  });

  it('cuts a long text without a link to 160 septets', () => {
    const fitted = fitSms(`${OUTBID} ${OUTBID}`, null);
    expect(fitted.endsWith('...')).toBe(true);
    expect(septets(fitted)).toBeLessThanOrEqual(160);
    expect(septets(fitted)).toBeGreaterThan(140);
  });

  it('always fits one part, whatever the text', () => {
    const texts = [
      OUTBID.repeat(5),
      '🌽'.repeat(100),
      `${'a '.repeat(90)}`,
      '[{}]'.repeat(60),
      'é'.repeat(400),
    ];
    for (const text of texts) {
      expect(smsLength(fitSms(text, LINK)).segments, text).toBe(1);
      expect(smsLength(fitSms(text, null)).segments, text).toBe(1);
    }
  });
});

describe('fitSms in more than one part', () => {
  it('keeps a reply whole in up to the parts allowed, folding only when that makes it fit', () => {
    const list = Array.from(
      { length: 5 },
      (_, i) => `Offre ${i} : 406,96/t x 1,5 t de Plantain par ama`,
    ).join('\n');
    expect(fitSms(list, null, 3)).toBe(list);
    const accented = `${list}\nACCEPTER <n° d'offre> pour accepter.`;
    const fitted = fitSms(accented, null, 3);
    expect(fitted).toContain("ACCEPTER <no d'offre> pour accepter.");
    expect(smsLength(fitted).segments).toBeLessThanOrEqual(3);
    const long = 'mot '.repeat(400);
    expect(smsLength(fitSms(long, null, 3)).segments).toBe(3);
    expect(fitSms(long, null, 3).endsWith('...')).toBe(true);
  });
});
