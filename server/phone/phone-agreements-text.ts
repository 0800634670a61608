// Forward agreements as a feature phone shows them (catalogue `phone.agreements.*`): the terms in one short line
// (crop, tons, grade, the price rule, the delivery window, the deposit), and which of them wait for the reader's
// answer as seller.
import type { Language } from '../../contract/constants';
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { translate } from '../http/i18n';
import { dayText } from './phone-coop-text';
import { price, say, tonsText } from './phone-text';

/**
 * Whether the agreement waits for its reader's answer on the seller's side: proposed to them (or countered back to
 * them) and the seller's turn, the reader on the seller's side (the server's `you`: a manager is on neither).
 */
export function waitsForSeller(agreement: TForwardAgreement): boolean {
  return (
    (agreement.status === 'proposed' || agreement.status === 'countered') &&
    agreement.turn === 'seller' &&
    agreement.you === 'seller'
  );
}

const cropName = (lang: Language, crop: string) => translate(lang, `agronomy.crop.${crop}`);

/** The price rule in short: "FCFA 200/t", or "90% of market, min FCFA 180/t". */
export function priceRuleText(lang: Language, pricing: TForwardAgreement['pricing']): string {
  return pricing.kind === 'fixed'
    ? say(lang, 'agreements.fixed', { price: price(lang, pricing.price) })
    : say(lang, 'agreements.floor', { share: pricing.sharePercent, floor: price(lang, pricing.floor) });
}

/** What every phone text of an agreement may name: its number, buyer, crop, tons, price rule, window, deposit. */
export function agreementParams(lang: Language, agreement: TForwardAgreement) {
  return {
    id: agreement.id,
    buyer: agreement.buyer.username,
    crop: cropName(lang, agreement.crop),
    tons: tonsText(lang, agreement.quantity),
    grade: agreement.grade,
    price: priceRuleText(lang, agreement.pricing),
    from: dayText(lang, agreement.deliveryFrom),
    to: dayText(lang, agreement.deliveryTo),
    deposit: price(lang, agreement.deposit),
  };
}

/** The terms in one line: crop, tons, grade, price rule, window, deposit. */
export const termsText = (lang: Language, agreement: TForwardAgreement) =>
  say(lang, 'agreements.terms', agreementParams(lang, agreement));

/** The input advance the buyer pays at once and gets back from the deliveries, when there is one. */
export const advanceText = (lang: Language, agreement: TForwardAgreement): string | null =>
  agreement.inputAdvance === null
    ? null
    : say(lang, 'agreements.advance', { amount: price(lang, agreement.inputAdvance.amount) });

/**
 * The line the user confirms with the PIN: the answer, the agreement's number, buyer, crop and tons, and for an
 * acceptance the input advance (money received now, owed back from the deliveries), which the terms' screen may
 * have had no room for.
 */
export function answerSummary(
  lang: Language,
  agreement: TForwardAgreement,
  decision: 'accept' | 'decline',
): string {
  const params = agreementParams(lang, agreement);
  if (decision === 'decline') {
    return say(lang, 'summary.agreementDecline', params);
  }
  return agreement.inputAdvance === null
    ? say(lang, 'summary.agreementAccept', params)
    : say(lang, 'summary.agreementAcceptAdvance', {
        ...params,
        advance: price(lang, agreement.inputAdvance.amount),
      });
}
