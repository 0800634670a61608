// The SMS help text of every role, in both languages, names every command anyone may send, with an example that the
// command reader reads as that command (a command left out of HELP is a command nobody finds).
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { foldToGsm7, smsLength } from '../channels/sms-text';
import { parseCommand } from './commands';
import { LESSON_SMS_PARTS } from './phone-learn-text';
import { say } from './phone-text';

const ROLES_HELP = ['seller', 'buyer', 'agent', 'other'] as const;

/** The alert example of each language, as the help text writes it, and what it must read as. */
const ALERT_EXAMPLE = {
  en: { text: 'ALERT maize 300', commodity: 'maize' },
  fr: { text: 'ALERTE mais 300', commodity: 'mais' },
} as const;

/** The payment example of each language, as the buyer's help writes it. */
const PAY_EXAMPLE = { en: 'PAY 7 1234', fr: 'PAYER 7 1234' } as const;

/** The farm commands' examples of each language, as farmers' and agents' help writes them, and what they read as. */
const FARM_EXAMPLES = {
  en: [
    { text: 'TASKS', command: { kind: 'tasks' } },
    { text: 'DONE 3', command: { kind: 'done', task: '3' } },
    {
      text: 'HARVEST 12 20 bag100',
      command: { kind: 'harvest', plan: '12', quantity: '20', unit: 'bag100' },
    },
    { text: 'WEATHER', command: { kind: 'weather', farm: null } },
  ],
  fr: [
    { text: 'TACHES', command: { kind: 'tasks' } },
    { text: 'FAIT 3', command: { kind: 'done', task: '3' } },
    {
      text: 'RECOLTE 12 20 sac100',
      command: { kind: 'harvest', plan: '12', quantity: '20', unit: 'sac100' },
    },
    { text: 'METEO', command: { kind: 'weather', farm: null } },
  ],
} as const;

/** The stock commands' examples of each language, as every role's help writes them, and what they read as. */
const STOCK_EXAMPLES = {
  en: [
    { text: 'STOCK', command: { kind: 'stock' }, spoken: null },
    {
      text: 'LOSS 7 0.2 pests',
      command: { kind: 'loss', lot: '7', tons: '0.2', reason: 'pests', note: null },
      spoken: 'en',
    },
    { text: 'RECEIPT 7KQ2MXH4PA', command: { kind: 'receipt', code: '7KQ2MXH4PA' }, spoken: 'en' },
  ],
  fr: [
    { text: 'STOCK', command: { kind: 'stock' }, spoken: null },
    {
      text: 'PERTE 7 0,2 ravageurs',
      command: { kind: 'loss', lot: '7', tons: '0.2', reason: 'ravageurs', note: null },
      spoken: 'fr',
    },
    { text: 'RECU 7KQ2MXH4PA', command: { kind: 'receipt', code: '7KQ2MXH4PA' }, spoken: 'fr' },
  ],
} as const;

/** The co-operative commands' words of each language, as every role's help writes them (anyone may be a member). */
const COOP_EXAMPLES = {
  en: [
    { text: 'COOP', command: { kind: 'coop' }, spoken: null },
    { text: 'PAID', command: { kind: 'paid' }, spoken: 'en' },
  ],
  fr: [
    { text: 'COOP', command: { kind: 'coop' }, spoken: null },
    { text: 'PAYE', command: { kind: 'paid' }, spoken: 'fr' },
  ],
} as const;

/**
 * The lesson commands of each language: every role's help names the crop one (lessons are for everyone; a help that
 * must fit 3 SMS parts has no room for more), whose answer and usage name the lesson-number one.
 */
const LEARN_EXAMPLES = {
  en: {
    crop: { text: 'LEARN maize', command: { kind: 'learn', lesson: null, about: 'maize' } },
    lesson: { text: 'LEARN 12', command: { kind: 'learn', lesson: '12', about: null } },
  },
  fr: {
    crop: { text: 'APPRENDRE mais', command: { kind: 'learn', lesson: null, about: 'mais' } },
    lesson: { text: 'APPRENDRE 12', command: { kind: 'learn', lesson: '12', about: null } },
  },
} as const;

describe('SMS help', () => {
  it.each(LANGUAGES)(
    "names the lesson commands in every role's help, their usage and answer (%s)",
    (lang) => {
      const { crop, lesson } = LEARN_EXAMPLES[lang];
      for (const { text, command } of [crop, lesson]) {
        expect(parseCommand(text)).toEqual({ command, spoken: lang });
        expect(say(lang, 'learn.usage', { crops: '' })).toContain(text);
      }
      for (const role of ROLES_HELP) {
        expect(say(lang, `help.${role}`)).toContain(crop.text);
      }
      expect(say(lang, 'learn.send', { id: 12 })).toContain(lesson.text);
    },
  );

  it.each(LANGUAGES)("names the co-operative commands in every role's help (%s)", (lang) => {
    for (const { text, command, spoken } of COOP_EXAMPLES[lang]) {
      expect(parseCommand(text)).toEqual({ command, spoken });
      for (const role of ROLES_HELP) {
        expect(say(lang, `help.${role}`)).toMatch(new RegExp(`\\b${text} \\(`));
      }
    }
  });

  it.each(LANGUAGES)("names the stock commands in every role's help (%s)", (lang) => {
    for (const { text, command, spoken } of STOCK_EXAMPLES[lang]) {
      expect(parseCommand(text)).toEqual({ command, spoken });
      for (const role of ROLES_HELP) {
        expect(say(lang, `help.${role}`)).toContain(text);
      }
    }
    expect(say(lang, 'usage.loss')).toContain(STOCK_EXAMPLES[lang][1].text);
    expect(say(lang, 'usage.receipt')).toContain(STOCK_EXAMPLES[lang][2].text);
  });

  it.each(LANGUAGES)("names the farm commands in farmers' and agents' help (%s)", (lang) => {
    for (const { text, command } of FARM_EXAMPLES[lang]) {
      expect(parseCommand(text)).toEqual({ command, spoken: lang });
      expect(say(lang, 'help.seller')).toContain(text);
      expect(say(lang, 'help.agent')).toContain(text);
    }
    expect(say(lang, 'usage.harvest')).toContain(FARM_EXAMPLES[lang][2].text);
    expect(say(lang, 'usage.done')).toContain(FARM_EXAMPLES[lang][1].text);
  });

  it.each(LANGUAGES)("names paying an order by MoMo in the buyer's help (%s)", (lang) => {
    const text = PAY_EXAMPLE[lang];
    expect(parseCommand(text)).toEqual({ command: { kind: 'pay', order: '7', pin: '1234' }, spoken: lang });
    expect(say(lang, 'help.buyer')).toContain(text);
    expect(say(lang, 'usage.pay')).toContain(text);
  });

  it.each(LANGUAGES)('names price alerts for every role (%s)', (lang) => {
    const { text, commodity } = ALERT_EXAMPLE[lang];
    expect(parseCommand(text)).toEqual({
      command: { kind: 'alert', commodity, price: '300', off: false },
      spoken: lang,
    });
    for (const role of ROLES_HELP) {
      expect(say(lang, `help.${role}`)).toContain(text);
    }
  });
});

describe('the help of every role', () => {
  it('arrives whole in the parts a reply may take, STOP last (a cut help would lose how to stop messages)', () => {
    for (const lang of LANGUAGES) {
      for (const role of ROLES_HELP) {
        const help = say(lang, `help.${role}`);
        // Replies go in GSM-7 when they would not fit as written (server/channels/sms-text.ts fitSms).
        expect(smsLength(foldToGsm7(help)).segments, `${lang} ${role}`).toBeLessThanOrEqual(LESSON_SMS_PARTS);
        expect(help).toMatch(lang === 'fr' ? /ARRET\.$/ : /STOP\.$/);
      }
    }
  });
});
