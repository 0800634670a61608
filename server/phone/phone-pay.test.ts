// The answer to a payment asked by phone, by what MTN's first answer left it at: the prompt to approve, already paid,
// or why it failed, in the user's language and in one SMS.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deploymentCurrency, setDeploymentCurrency } from '../../contract/money';
import { FAILURE_REASONS } from '../../contract/payments';
import { smsLength } from '../channels/sms-text';
import { payAnswer } from './phone-pay';

const payment = { amountCents: 18_000_000, orderId: 243, failureReason: null };

describe('payAnswer', () => {
  let before: ReturnType<typeof deploymentCurrency>;
  beforeEach(() => {
    before = deploymentCurrency();
    setDeploymentCurrency('XAF', 0);
  });
  afterEach(() => setDeploymentCurrency(before.code, before.digits));

  it('tells the payer to approve the prompt for the amount, as each language writes it', () => {
    expect(payAnswer('en', { ...payment, status: 'pending' })).toBe(
      'You will get an MTN prompt to approve FCFA 180,000.',
    );
    expect(payAnswer('fr', { ...payment, status: 'pending' })).toBe(
      'Vous allez recevoir une demande MTN pour approuver 180 000 FCFA.',
    );
  });

  it('says when it is already paid, and why it failed', () => {
    expect(payAnswer('en', { ...payment, status: 'succeeded' })).toBe(
      'Order 243: payment of FCFA 180,000 received, held until delivery.',
    );
    expect(payAnswer('fr', { ...payment, status: 'failed', failureReason: 'not_enough_funds' })).toBe(
      "Le paiement MTN MoMo n'a pas abouti : Le solde du portefeuille était insuffisant.",
    );
    expect(payAnswer('en', { ...payment, status: 'expired', failureReason: null })).toBe(
      'The MTN MoMo payment did not go through: The mobile money service could not complete it.',
    );
  });

  it.each(['en', 'fr'] as const)('fits one SMS whatever the reason (%s)', (lang) => {
    for (const failureReason of FAILURE_REASONS) {
      const text = payAnswer(lang, { ...payment, status: 'failed', failureReason });
      expect(text).not.toContain('payments.');
      expect(smsLength(text).segments, text).toBe(1);
    }
  });
});
