// The co-operative's notification texts: every variant the server may pick exists, and a member's intake receipt and
// statement go whole in one SMS, with their short link, in both languages.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contract/constants';
import { fitSms, foldToGsm7, smsLength } from '../channels/sms-text';
import { catalogueText } from '../http/i18n';

/** A notification's short link as the SMS carries it: a deployment's address and a 24-character token. */
const LINK = 'https://terroir.example/n/AbCdEfGhIjKlMnOpQrStUvWx';

/** A text filled as the notifications module does: numbers per locale, strings as they are. */
function filled(lang: Language, key: string, data: Record<string, string | number>): string {
  const template = catalogueText(lang, `notifications.types.${key}`);
  expect(template, key).toBeDefined();
  return (template ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = data[name];
    expect(value, `${key}: {{${name}}}`).toBeDefined();
    return typeof value === 'number'
      ? new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value)
      : `${value}`;
  });
}

/** Sent as one SMS part with its link, nothing cut: the text (folded to GSM-7 when it must be) and the link. */
function expectWhole(text: string): void {
  const sms = fitSms(text, LINK);
  expect(sms.endsWith(` ${LINK}`), sms).toBe(true);
  expect(sms.includes('...'), sms).toBe(false);
  expect(smsLength(sms).segments).toBe(1);
  expect(smsLength(foldToGsm7(text)).units).toBeLessThan(160);
}

const INTAKE_VARIANTS = [
  'coop_intake',
  'coop_intake_no_bags',
  'coop_intake_no_moisture',
  'coop_intake_no_bags_no_moisture',
];

const day = { en: '12 Nov', fr: '12 nov.' };
const money = (lang: Language, francs: number) => `${new Intl.NumberFormat(lang).format(francs)} FCFA`;

describe.each(LANGUAGES)('co-operative notifications in %s', (lang) => {
  const intake = {
    group: 'Coop Menoua',
    bags: 26,
    crop: lang === 'fr' ? 'Maïs jaune' : 'Yellow maize',
    grade: 'B',
    moisture: 13.5,
    kg: 1312.5,
    day: day[lang],
    ref: '8F3K',
  };

  it.each(INTAKE_VARIANTS)('sends the receipt %s whole in one SMS with its link', (key) => {
    const text = filled(lang, key, intake);
    expect(text).toContain('8F3K');
    expectWhole(text);
  });

  it.each(INTAKE_VARIANTS)(
    'keeps the reference and weight of %s when a long name makes the SMS cut',
    (key) => {
      const group = 'Coopérative des producteurs de cacao et café de la Menoua';
      const sms = fitSms(filled(lang, key, { ...intake, group }), LINK);
      expect(smsLength(sms).segments).toBe(1);
      expect(sms).toContain('8F3K');
      expect(sms).toContain(lang === 'fr' ? '1 312,5 kg' : '1,312.5 kg');
    },
  );

  it('sends a cancelled receipt whole in one SMS with its link', () => {
    expectWhole(
      filled(lang, 'coop_intake_reversed', {
        ...intake,
        note: lang === 'fr' ? 'mauvais membre' : 'wrong member',
      }),
    );
  });

  it.each(['coop_statement', 'coop_statement_mobile_money', 'coop_statement_cash'])(
    'says the net first in %s, so a cut never loses it',
    (key) => {
      const net = money(lang, 1_245_500);
      const text = filled(lang, key, {
        group: 'Coop Menoua',
        kg: 6250,
        gross: money(lang, 1_312_500),
        levy: money(lang, 65_625),
        credit: money(lang, 0),
        transport: money(lang, 1_375),
        net,
      });
      const sms = foldToGsm7(fitSms(text, LINK));
      expect(sms.slice(0, 60)).toContain(foldToGsm7(net));
      expect(smsLength(sms).segments).toBe(1);
    },
  );

  it('has a text for each membership event, payout outcome and broadcast', () => {
    for (const key of [
      'group_membership',
      'group_membership_requested',
      'group_membership_invited',
      'group_membership_accepted',
      'group_membership_removed',
      'coop_payout',
      'coop_payout_succeeded',
      'coop_payout_failed',
      'coop_broadcast',
      'coop_broadcast_untranslated',
    ]) {
      const text = filled(lang, key, {
        group: 'Coop Menoua',
        net: money(lang, 45_500),
        failureKey: '',
        text: 'Hi',
      });
      expect(text).toContain('Coop Menoua');
    }
  });
});
