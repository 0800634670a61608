// What a buyer pays by phone: an order's due asked of their MTN MoMo wallet (the USSD order screen's "Pay with
// MoMo", PAY <order> <PIN> by SMS or WhatsApp), through the orders' own mobile-payment service. The prompt goes to
// the number the user is calling from, which is the number their account has proven.
import type { Language } from '../../contract/constants';
import type { TOrder } from '../../contract/orders';
import { ZWalletPhone } from '../../contract/payments';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { readerNames } from '../marketplace';
import { getOrder, presentOrder, startMobilePayment } from '../orders';
import { collectionConfigured } from '../payments';
import { money, refusalText, say, tonsText } from './phone-text';

/** A payment asked by phone, kept (as JSON) until the PIN confirms it. */
export interface PayWrite {
  kind: 'pay';
  orderId: number;
  /** Digits, country code first (as MTN takes it): the phone that asked; null: the buyer's proven number. */
  phone: string | null;
}

/** The only provider whose prompt comes to the phone itself (Orange's is a web page). */
const PROVIDER = 'mtn_momo' as const;

/** The payment of an order asked from the phone `from` (E.164, as the network gave it). */
export function payWrite(orderId: number, from: string): PayWrite {
  const phone = ZWalletPhone.safeParse(from);
  return { kind: 'pay', orderId, phone: phone.success ? phone.data : null };
}

/** An order's due in cents, as the API gives it in currency units. */
export const dueCentsOf = (order: TOrder) => Math.round(order.payment.due * 100);

/** Whether the USSD order screen offers to pay it: the buyer's own order with something due, MTN set up here. */
export const offersMomo = (ctx: AppContext, user: SessionUser, order: TOrder) =>
  order.buyer.id === user.id && dueCentsOf(order) > 0 && collectionConfigured(ctx.config, PROVIDER);

const notConfigured = (lang: Language) =>
  translate(lang, 'payments.errors.notConfigured', {
    provider: translate(lang, `payments.providers.${PROVIDER}`),
  });

/** What paying will do, in a line the user confirms; or why it cannot be done, before the PIN is asked. */
export async function describePay(
  ctx: AppContext,
  user: SessionUser,
  write: PayWrite,
): Promise<{ summary: string; refusal: null } | { summary: null; refusal: string }> {
  const lang = user.language;
  if (!collectionConfigured(ctx.config, PROVIDER)) {
    return { summary: null, refusal: notConfigured(lang) };
  }
  try {
    const { order, details } = await getOrder(ctx, { user, id: write.orderId });
    const shown = presentOrder(order, details, user, await readerNames(ctx, lang));
    // The service says the same again when the PIN has been given: these spare the user a PIN for nothing.
    const refusal =
      shown.buyer.id !== user.id && user.role !== 'manager'
        ? 'payments.errors.notBuyer'
        : shown.status === 'cancelled' || dueCentsOf(shown) <= 0
          ? 'payments.errors.nothingDue'
          : shown.mobilePayments.some((p) => p.status === 'pending')
            ? 'payments.errors.pendingPayment'
            : null;
    if (refusal !== null) {
      return { summary: null, refusal: translate(lang, refusal) };
    }
    return {
      summary: say(lang, 'summary.pay', {
        amount: money(lang, dueCentsOf(shown)),
        id: shown.id,
        tons: tonsText(lang, shown.quantity),
        name: shown.commodity.name,
      }),
      refusal: null,
    };
  } catch (error) {
    return { summary: null, refusal: refusalText(lang, error) };
  }
}

/** Asks MTN for the payment; the answer says to approve the prompt (or why it could not be asked). */
export async function runPay(ctx: AppContext, user: SessionUser, write: PayWrite): Promise<string> {
  const lang = user.language;
  try {
    const move = await startMobilePayment(ctx, {
      user,
      id: write.orderId,
      input: { provider: PROVIDER, ...(write.phone === null ? {} : { phone: write.phone }) },
    });
    return payAnswer(lang, { ...move, orderId: write.orderId });
  } catch (error) {
    return refusalText(lang, error);
  }
}

/** The answer to a payment just asked, by the state the provider's first answer left it in. */
export function payAnswer(
  lang: Language,
  move: { status: string; amountCents: number; orderId: number; failureReason: string | null },
): string {
  const amount = money(lang, move.amountCents);
  switch (move.status) {
    case 'pending':
      return say(lang, 'done.pay', { amount });
    case 'succeeded':
      return say(lang, 'done.paid', { amount, id: move.orderId });
    default:
      return say(lang, 'payFailed', {
        reason: translate(lang, `payments.reasons.${move.failureReason ?? 'provider_error'}`),
      });
  }
}
