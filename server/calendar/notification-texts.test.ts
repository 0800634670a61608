// The events' notification texts: each variant exists in both languages and goes by SMS with its link in one part
// (an invitation, answered by a reply, in up to 3: REPLY_SMS_PARTS); an invitation with the longest title and place
// keeps its "reply 1 / 2" (it comes first), whatever is cut after.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { fitSms, smsLength } from '../channels/sms-text';
import { catalogueText, translate } from '../http/i18n';
import { REPLY_SMS_PARTS } from '../notifications';

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
        const parts = key === 'event_invitation' ? REPLY_SMS_PARTS : 1;
        const sms = fitSms(translate(lang, `notifications.types.${key}`, usual), LINK, parts);
        expect(sms.endsWith(` ${LINK}`), sms).toBe(true);
        expect(sms.includes('...'), sms).toBe(false);
        expect(smsLength(sms).segments).toBeLessThanOrEqual(parts);
      }
    });

    it(`keep the way to answer in the longest invitation (${lang})`, () => {
      const longest = { ...usual, title: 'T'.repeat(120), place: 'P'.repeat(120) };
      const sms = fitSms(
        translate(lang, 'notifications.types.event_invitation', longest),
        LINK,
        REPLY_SMS_PARTS,
      );
      expect(smsLength(sms).segments).toBeLessThanOrEqual(REPLY_SMS_PARTS);
      expect(sms).toMatch(
        lang === 'en' ? /^Invitation \(reply 1 yes, 2 no\)/ : /^Invitation \(r[ée]pondez 1 oui, 2 non\)/,
      );
    });

    it(`keeps the accents of a usual invitation from a co-operative (${lang})`, () => {
      const coop = { ...usual, title: 'Collecte de maïs', place: 'Magasin de la coopérative, Bafoussam' };
      const text = translate(lang, 'notifications.types.event_invitation', coop);
      expect(fitSms(text, LINK, REPLY_SMS_PARTS)).toBe(`${text} ${LINK}`);
    });
  }
});
