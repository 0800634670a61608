// The events' notification texts: each variant exists in both languages, and goes by SMS in one part with its link;
// an invitation with the longest title and place keeps its "reply 1 / 2" (it comes first), whatever is cut after.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { fitSms, smsLength } from '../channels/sms-text';
import { catalogueText, translate } from '../http/i18n';

const LINK = 'https://terroir.example/n/AbCdEfGhIjKlMnOpQrStUvWx';
const VARIANTS = [
  'event_invitation',
  'event_reminder',
  'event_reminder_day',
  'event_reminder_hours',
  'event_changed',
  'event_changed_cancelled',
];
const usual = {
  group: 'Coop Menoua',
  title: 'Maize collection',
  when: 'Tue, Dec 1 08:00 UTC',
  place: 'Dschang store',
};

describe('event notification texts', () => {
  for (const lang of LANGUAGES) {
    it(`fit one SMS with their link (${lang})`, () => {
      for (const key of VARIANTS) {
        expect(catalogueText(lang, `notifications.types.${key}`), key).toBeDefined();
        const sms = fitSms(translate(lang, `notifications.types.${key}`, usual), LINK);
        expect(sms.endsWith(` ${LINK}`), sms).toBe(true);
        expect(sms.includes('...'), sms).toBe(false);
        expect(smsLength(sms).segments).toBe(1);
      }
    });

    it(`keep the way to answer in the longest invitation (${lang})`, () => {
      const longest = { ...usual, title: 'T'.repeat(120), place: 'P'.repeat(120) };
      const sms = fitSms(translate(lang, 'notifications.types.event_invitation', longest), LINK);
      expect(smsLength(sms).segments).toBe(1);
      expect(sms).toMatch(lang === 'en' ? /^Reply 1 yes \/ 2 no\./ : /^R[ée]pondez 1 oui \/ 2 non\./);
    });
  }
});
