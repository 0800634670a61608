// Receipt texts by SMS: both languages, every field said, one SMS part whatever the names, the code never cut.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import type { TReceipt } from '../../contract/stock';
import { smsLength } from '../channels/sms-text';
import { receiptAnswer, receiptSms } from './receipt-text';

const RECEIPT: TReceipt = {
  number: 'TR-2026-000123',
  code: 'K7M2QX9PRT',
  depositor: 'Amina Bello',
  crop: 'maize',
  grade: 'A',
  moisture: 13.5,
  quantity: 12.5,
  held: 12.5,
  store: { name: 'Bafoussam co-op store', location: 'Bafoussam' },
  depositedAt: '2026-11-27T09:30:00.000Z',
  status: 'valid',
};

const LONG: TReceipt = {
  ...RECEIPT,
  depositor:
    'Coopérative des Producteurs de Maïs et de Haricots du Département de la Mifi, Section Bafoussam III',
  crop: 'Maïs jaune amélioré à haut rendement, variété CMS 8704 de l’IRAD (Institut de recherche agricole)',
  store: {
    name: 'Magasin coopératif de stockage et de commercialisation des céréales et légumineuses de l’Ouest',
    location: 'Route de Foumban, quartier Tamdja, à côté du marché central, Bafoussam, Région de l’Ouest',
  },
};

const onePart = (text: string) => {
  expect(smsLength(text).segments, text).toBe(1);
};

describe('receiptSms', () => {
  it('says every field of the deposit in English', () => {
    const text = receiptSms('en', RECEIPT);
    expect(text).toBe(
      'Receipt TR-2026-000123 code K7M2QX9PRT: Amina Bello deposited 12.5 t maize grade A, moisture 13.5% at ' +
        'Bafoussam co-op store, Bafoussam, Nov 27, 2026.',
    );
    onePart(text);
  });

  it('says it in natural French, folded to GSM-7 only as far as it must', () => {
    const text = receiptSms('fr', {
      ...RECEIPT,
      crop: 'arachide',
      store: { name: 'Dépôt Mifi', location: null },
    });
    // "Reçu" and "Dépôt" need UCS-2 (70 characters a part): the text is too long for that, so it is spelled in
    // GSM-7 (é and à are GSM-7 and stay, ç and ô are not), one 160-character part instead of three of 67.
    expect(text).toBe(
      "Recu TR-2026-000123 code K7M2QX9PRT : Amina Bello a déposé 12,5 t d'arachide qualité A, humidité 13,5 % " +
        'à Dépot Mifi, le 27 nov. 2026.',
    );
    expect(smsLength(text).encoding).toBe('gsm7');
    onePart(text);
  });

  it('leaves out the moisture when nobody measured it, and the grade of an ungraded lot', () => {
    expect(receiptSms('en', { ...RECEIPT, moisture: null })).toContain('maize grade A at Bafoussam');
    expect(receiptSms('fr', { ...RECEIPT, moisture: null })).toContain('de maize qualité A à Bafoussam');
    expect(receiptSms('en', { ...RECEIPT, grade: null })).toContain('12.5 t maize, moisture 13.5% at');
    expect(receiptSms('fr', { ...RECEIPT, grade: null })).toContain('12,5 t de maize, humidité 13,5 % à');
    expect(receiptAnswer('en', { ...RECEIPT, grade: null, moisture: null })).toContain(
      '12.5 t maize, Bafoussam',
    );
  });

  it.each(LANGUAGES)(
    'fits one part with very long names (%s): the location goes, the names are cut, never the code',
    (lang) => {
      const text = receiptSms(lang, LONG);
      onePart(text);
      expect(text).toContain(RECEIPT.code);
      expect(text).toContain(RECEIPT.number);
      expect(text).toContain(lang === 'fr' ? '12,5 t' : '12.5 t');
      expect(text).toContain(lang === 'fr' ? 'le 27 nov. 2026.' : 'Nov 27, 2026.');
      // Each long name keeps its start and ends in '...'; the store's location is left out first.
      expect(text).toContain('Coopérative des');
      expect(text).toContain('Magasin coop');
      expect(text).not.toContain('Foumban');
      expect(text.match(/\.\.\./g)?.length).toBe(3);
      // Cut no more than needed: the part is nearly full.
      expect(smsLength(text).units).toBeGreaterThan(150);
    },
  );

  it("leaves the store's location out before cutting a name", () => {
    // 163 characters with the location, 152 without.
    const text = receiptSms('en', { ...RECEIPT, depositor: 'Amina Bello Ngo Mbarga T.' });
    onePart(text);
    expect(text).toContain('Amina Bello Ngo Mbarga T. deposited');
    expect(text).toContain('at Bafoussam co-op store, Nov 27, 2026.');
  });

  it.each(LANGUAGES)('fits one part when a name has no GSM-7 spelling (%s)', (lang) => {
    const text = receiptSms(lang, { ...LONG, depositor: '王小明合作社 🌽 仓储中心有限公司' });
    onePart(text);
    expect(text).toContain(RECEIPT.code);
  });
});

describe('receiptAnswer', () => {
  it('answers a valid receipt in both languages', () => {
    expect(receiptAnswer('en', RECEIPT)).toBe(
      'Receipt TR-2026-000123 valid: Amina Bello, 12.5 t maize grade A, moisture 13.5%, ' +
        'Bafoussam co-op store, Bafoussam, deposited Nov 27, 2026.',
    );
    const fr = receiptAnswer('fr', { ...RECEIPT, crop: 'maïs' });
    expect(fr).toContain(
      'Recu TR-2026-000123 valide : Amina Bello, 12,5 t de mais qualité A, humidité 13,5 %',
    );
    expect(fr).toContain('dépot du 27 nov. 2026');
    for (const lang of LANGUAGES) {
      onePart(receiptAnswer(lang, RECEIPT));
    }
  });

  it('says what is still held of a partly withdrawn receipt, and a withdrawn one', () => {
    const partly = { ...RECEIPT, status: 'partly_withdrawn' as const, held: 4.25 };
    expect(receiptAnswer('en', partly)).toContain(
      '000123 partly withdrawn, 4.25 t left: Amina Bello, 12.5 t',
    );
    expect(receiptAnswer('fr', partly)).toContain(
      '000123 retiré en partie, reste 4,25 t : Amina Bello, 12,5 t',
    );
    expect(receiptAnswer('en', { ...RECEIPT, status: 'withdrawn', held: 0 })).toContain('000123 withdrawn:');
    expect(receiptAnswer('fr', { ...RECEIPT, status: 'withdrawn', held: 0 })).toContain('000123 retiré :');
  });

  it.each(LANGUAGES)('fits one part with very long names and a partial withdrawal (%s)', (lang) => {
    const text = receiptAnswer(lang, { ...LONG, status: 'partly_withdrawn', held: 1234.567 });
    onePart(text);
    expect(text).toContain(RECEIPT.number);
    expect(text).toContain(lang === 'fr' ? 'reste 1 234,567 t' : '1,234.567 t left');
    expect(text).toContain(lang === 'fr' ? 'dépot du 27 nov. 2026.' : 'deposited Nov 27, 2026.');
  });

  it('says only "not found" for a code no receipt has, in French with its ç (short enough for UCS-2)', () => {
    expect(receiptAnswer('en', null)).toBe('Receipt not found: check the code on the paper.');
    expect(receiptAnswer('fr', null)).toBe('Reçu introuvable : vérifiez le code sur le papier.');
    for (const lang of LANGUAGES) {
      onePart(receiptAnswer(lang, null));
    }
  });
});
