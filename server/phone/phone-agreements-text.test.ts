// A forward agreement as a phone shows it: the price rule in short, the terms in one line in each language, which
// agreements wait for the reader's answer, its USSD screen (the choices always shown), and the proposal's
// notification, with the SMS command it names, whole in one SMS with its link.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contract/constants';
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { fitSms, fitsUssd, foldToGsm7, gsm7Spelling, smsLength } from '../channels/sms-text';
import { catalogueText } from '../http/i18n';
import { parseCommand } from './commands';
import {
  advanceText,
  answerSummary,
  priceRuleText,
  termsText,
  waitsForSeller,
} from './phone-agreements-text';
import { price, say } from './phone-text';
import { detailText } from './ussd-agreements';

/** An agreement as the agreements' face gives it, proposed by buyer 2 to farmer 1. */
function agreementOf(over: Partial<TForwardAgreement> = {}): TForwardAgreement {
  return {
    id: 12,
    buyer: { id: 2, username: 'kofi' },
    seller: { id: 1, username: 'amina' },
    group: null,
    crop: 'maize',
    grade: 'A',
    quantity: 5,
    tolerancePercent: 10,
    pricing: { kind: 'fixed', price: 200 },
    deliveryFrom: '2026-12-01',
    deliveryTo: '2026-12-30',
    place: 'Magasin de Bafoussam',
    depositPercent: 20,
    deposit: 200,
    inputAdvance: null,
    status: 'proposed',
    you: 'seller',
    turn: 'seller',
    countered: false,
    note: null,
    delivered: 0,
    remaining: 5,
    maxMore: 5.5,
    priceToday: 200,
    marketPrice: null,
    depositHeld: 0,
    advanceOutstanding: 0,
    deliveries: [],
    plan: null,
    depositPayment: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    ...over,
  };
}

describe('an agreement by phone', () => {
  it.each(LANGUAGES)('writes the terms in one line, the price rule in short (%s)', (lang) => {
    const fixed = agreementOf();
    expect(priceRuleText(lang, fixed.pricing)).toBe(`${price(lang, 200)}/t`);
    const floor = agreementOf({ pricing: { kind: 'floor', floor: 180, sharePercent: 90 } });
    expect(priceRuleText(lang, floor.pricing)).toBe(
      lang === 'en'
        ? `90% of market, min ${price(lang, 180)}/t`
        : `90 % du marché, min. ${price(lang, 180)}/t`,
    );
    const terms = termsText(lang, fixed);
    expect(terms).toBe(
      lang === 'en'
        ? `Maize 5 t A, ${price(lang, 200)}/t, Dec 1-Dec 30, deposit ${price(lang, 200)}`
        : `Maïs 5 t A, ${price(lang, 200)}/t, 1 déc.-30 déc., acompte ${price(lang, 200)}`,
    );
    expect(advanceText(lang, fixed)).toBeNull();
    expect(advanceText(lang, agreementOf({ inputAdvance: { amount: 50, note: 'urea' } }))).toContain(
      price(lang, 50),
    );
  });

  it("waits for the seller's answer only while proposed or countered back to them, never a manager's", () => {
    expect(waitsForSeller(agreementOf())).toBe(true);
    expect(waitsForSeller(agreementOf({ status: 'countered', turn: 'seller' }))).toBe(true);
    expect(waitsForSeller(agreementOf({ status: 'countered', turn: 'buyer' }))).toBe(false);
    expect(waitsForSeller(agreementOf({ status: 'accepted', turn: null }))).toBe(false);
    // Its buyer (who proposed it) and a manager (who sees all) do not answer for the seller.
    expect(waitsForSeller(agreementOf({ you: 'buyer' }))).toBe(false);
    expect(waitsForSeller(agreementOf({ you: null }))).toBe(false);
  });
});

describe('the USSD screen of an agreement', () => {
  it.each(LANGUAGES)('shows the terms, the advance when it fits, and always the choices (%s)', (lang) => {
    const choices = [
      'ussd.agreements.accept',
      'ussd.agreements.decline',
      'ussd.agreements.counter',
      'ussd.back',
    ]
      .map((key) => say(lang, key))
      .join('\n');
    const plain = detailText(lang, agreementOf());
    expect(plain).toContain('kofi');
    expect(plain).not.toContain('...');
    const rich = agreementOf({
      pricing: { kind: 'floor', floor: 180_000, sharePercent: 90 },
      inputAdvance: { amount: 50_000, note: 'urea' },
      deposit: 180_000,
      crop: 'sweet_potato',
      quantity: 1234.5,
    });
    // Too long for the terms' screen here: the advance is on the PIN screen's line (answerSummary).
    expect(answerSummary(lang, rich, 'accept')).toContain(price(lang, 50_000));
    expect(answerSummary(lang, rich, 'decline')).not.toContain(price(lang, 50_000));
    const small = agreementOf({
      inputAdvance: { amount: 5, note: 'seed' },
      buyer: { id: 2, username: 'ko' },
    });
    expect(detailText(lang, small)).toContain(price(lang, 5));
    const long = agreementOf({ ...rich, buyer: { id: 2, username: 'k'.repeat(32) } });
    for (const text of [plain, detailText(lang, rich), detailText(lang, long)]) {
      expect(text.endsWith(`\n${choices}`), text).toBe(true);
      // As walk sends it with a reason above: whole, nothing for fitScreen to cut.
      const shown = `${say(lang, 'ussd.invalid')}\n${text}`;
      expect(fitsUssd(gsm7Spelling(shown) ?? shown), shown).toBe(true);
    }
  });
});

/** A notification's short link as the SMS carries it: a deployment's address and a 24-character token. */
const LINK = 'https://terroir.example/n/AbCdEfGhIjKlMnOpQrStUvWx';

function proposedText(lang: Language, other: string): string {
  const template = catalogueText(lang, 'notifications.types.forward_agreement_proposed') ?? '';
  const data: Record<string, string> = { other, id: '1234', tons: '12.5', commodity: 'Maïs' };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => data[name] ?? `?${name}`);
}

describe('the proposal notification', () => {
  it.each(LANGUAGES)(
    'names the SMS answers, which read as them, whole in one SMS with its link (%s)',
    (lang) => {
      const text = proposedText(lang, 'kofi_mensah');
      expect(text).not.toContain('?');
      const [accept, decline] =
        lang === 'en' ? ['ACCEPT 1234 + PIN', 'DECLINE 1234'] : ['ACCEPTER 1234 + PIN', 'REFUSER 1234'];
      expect(text).toContain(accept);
      expect(text).toContain(decline);
      expect(parseCommand(accept.replace('PIN', '1234')).command).toEqual({
        kind: 'agreement',
        decision: 'accept',
        agreement: '1234',
        pin: '1234',
      });
      expect(parseCommand(decline).command).toEqual({
        kind: 'agreement',
        decision: 'decline',
        agreement: '1234',
        pin: null,
      });
      const sms = fitSms(text, LINK);
      expect(sms.endsWith(` ${LINK}`), sms).toBe(true);
      expect(sms.includes('...'), sms).toBe(false);
      expect(smsLength(sms).segments).toBe(1);
      expect(smsLength(foldToGsm7(text)).units).toBeLessThan(160);
    },
  );
});
