// A move as its provider is asked for it: our reference, the amount in the currency's main unit, the messages.
import { randomUUID } from 'node:crypto';
import type { MobileMoneyProvider } from '../../contract/payments';
import { type Config, currencyDigitsOf } from '../config';
import type { MoveRow } from './moves.repo';
import type { MoveRequest } from './providers/provider';

/** Orange's order_id is at most 30 characters; MTN wants a UUID v4. */
export function newReference(provider: MobileMoneyProvider): string {
  const uuid = randomUUID();
  return provider === 'orange_money' ? `T${uuid.replaceAll('-', '').slice(0, 29)}` : uuid;
}

/** Cents (hundredths) as the currency's main unit with its decimals: 18 000 000 → "180000" in XAF. */
export function mainUnits(cents: number, digits: number): string {
  const whole = Math.trunc(cents / 100);
  if (digits === 0) {
    return String(whole);
  }
  const fraction = String(Math.abs(cents % 100))
    .padStart(2, '0')
    .slice(0, digits);
  return `${whole}.${fraction}`;
}

/** The provider's callback address for this move (a hint only), with our key for MTN, whose calls are unsigned. */
function callbackUrl(config: Config, move: MoveRow): string | null {
  const base = config.channels.publicUrl;
  if (move.provider === 'orange_money') {
    return `${base}/api/payments/orange/notify/${move.reference}`;
  }
  const key = config.payments.callbackKey;
  return key ? `${base}/api/payments/momo/callback/${move.reference}?key=${encodeURIComponent(key)}` : null;
}

/** `language`: the payer's, for Orange's page. */
export function moveRequest(config: Config, move: MoveRow, language: 'en' | 'fr'): MoveRequest {
  const label = move.orderId === null ? `Terroir ${move.id}` : `Terroir order ${move.orderId}`;
  return {
    reference: move.reference,
    amount: mainUnits(move.amountCents, currencyDigitsOf(move.currency)),
    currency: move.currency,
    phone: move.phone,
    externalId: move.orderId === null ? `move-${move.id}` : `order-${move.orderId}`,
    payerMessage: label,
    payeeNote: move.kind === 'collection' ? label : `${label} ${move.kind}`,
    callbackUrl: callbackUrl(config, move),
    language,
    payToken: move.payToken,
  };
}
