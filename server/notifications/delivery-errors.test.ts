// The reason a user is shown for a phone message that did not go: read from the raw error, never the raw error.
import { describe, expect, it } from 'vitest';
import { DELIVERY_ERRORS, deliveryReason, RAW_DELIVERY_REASONS } from './delivery-errors';

describe('deliveryReason', () => {
  it('keeps our own reasons and says nothing when there was no error', () => {
    expect(deliveryReason(null)).toBeNull();
    expect(deliveryReason(DELIVERY_ERRORS.stopped)).toBe(DELIVERY_ERRORS.stopped);
    expect(deliveryReason('request not built: TypeError')).toBe(DELIVERY_ERRORS.internal);
  });

  it.each([
    ['network: ECONNREFUSED', RAW_DELIVERY_REASONS.network],
    ['network: ENOTFOUND', RAW_DELIVERY_REASONS.network],
    ['network: ECONNRESET', RAW_DELIVERY_REASONS.network],
    ['gave up after 12 attempts: network: EAI_AGAIN', RAW_DELIVERY_REASONS.network],
    ['no answer within 10000 ms', RAW_DELIVERY_REASONS.timeout],
    ['not an E.164 number', RAW_DELIVERY_REASONS.invalidNumber],
    ['AT 403 InvalidPhoneNumber', RAW_DELIVERY_REASONS.invalidNumber],
    ['AT: UserDoesNotExist', RAW_DELIVERY_REASONS.invalidNumber],
    ['WhatsApp 131026: Message undeliverable', RAW_DELIVERY_REASONS.invalidNumber],
    ['AT 405 InsufficientBalance', RAW_DELIVERY_REASONS.rejected],
    ['AT HTTP 401: The supplied authentication is invalid', RAW_DELIVERY_REASONS.rejected],
    ['AT: InvalidSenderId', RAW_DELIVERY_REASONS.rejected],
    ['gave up after 12 attempts: AT 500 RiskHold', RAW_DELIVERY_REASONS.rejected],
    ['WhatsApp 130429: Rate limit hit', RAW_DELIVERY_REASONS.rejected],
    ['AT answer not understood', RAW_DELIVERY_REASONS.unknown],
    ['AT 100 Processed without a message id', RAW_DELIVERY_REASONS.unknown],
    ['something nobody wrote down', RAW_DELIVERY_REASONS.unknown],
  ])('reads %s as %s', (raw, reason) => {
    expect(deliveryReason(raw)).toBe(reason);
  });

  it('has every reason in both catalogues', async () => {
    const en = (await import('../../web/locales/en/notifications.json')).default.delivery;
    const fr = (await import('../../web/locales/fr/notifications.json')).default.delivery;
    for (const key of [...Object.values(DELIVERY_ERRORS), ...Object.values(RAW_DELIVERY_REASONS)]) {
      const name = key.split('.').at(-1) ?? '';
      expect(en).toHaveProperty(name);
      expect(fr).toHaveProperty(name);
    }
  });
});
