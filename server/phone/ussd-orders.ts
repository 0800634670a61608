// The USSD screen of one order: its state for anyone on it; for its seller's side also the buyer's contact, and
// (while it waits for delivery) a pick-up by the buyer or a driver, arranged with the PIN; for its buyer, while
// something is due, paying it by MTN MoMo with the PIN.
import type { Language } from '../../contract/constants';
import type { TOrder } from '../../contract/orders';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { contactText, driverWrite } from './phone-order-writes';
import { dueCentsOf, offersMomo, payWrite } from './phone-pay';
import { money, say, tonsText } from './phone-text';
import { receivesBids } from './phone-writes';
import { confirmScreen, type Session } from './ussd-confirm';
import { end, inputScreen, type Screen, type Step } from './ussd-screens';

/** The seller's side of an order: the seller themself, or an agent or manager who is not its buyer. */
const onSellerSide = (user: SessionUser, order: TOrder) =>
  order.seller.id === user.id || (receivesBids(user) && order.buyer.id !== user.id);

const titleOf = (lang: Language, order: TOrder) =>
  say(lang, 'ussd.order.title', {
    id: order.id,
    tons: tonsText(lang, order.quantity),
    name: order.commodity.name,
    status: translate(lang, `orders.status.${order.status}`),
  });

export function orderScreen(session: Session, user: SessionUser, order: TOrder, detail: string): Screen {
  const lang = user.language;
  if (!onSellerSide(user, order)) {
    return offersMomo(session.ctx, user, order) ? buyerScreen(session, user, order) : end(detail);
  }
  const arrange = order.can.arrangeDelivery;
  const lines = [
    titleOf(lang, order),
    say(lang, 'ussd.order.contact'),
    ...(arrange ? [say(lang, 'ussd.order.pickup'), say(lang, 'ussd.order.driver')] : []),
    say(lang, 'ussd.back'),
  ];
  return {
    end: false,
    text: lines.join('\n'),
    back: true,
    next: async (input): Promise<Step> => {
      if (input === '1') {
        return { screen: end(await contactText(session.ctx, user, String(order.id))) };
      }
      if (arrange && input === '2') {
        return confirmScreen(session, user, { kind: 'pickup', orderId: order.id });
      }
      if (arrange && input === '3') {
        return { screen: driverScreen(session, user, order) };
      }
      return { invalid: say(lang, 'ussd.invalid') };
    },
  };
}

/** The buyer's order with something due: what, and paying it by MoMo (the prompt goes to this phone). */
function buyerScreen(session: Session, user: SessionUser, order: TOrder): Screen {
  const lang = user.language;
  const lines = [
    titleOf(lang, order),
    say(lang, 'ussd.order.due', { due: money(lang, dueCentsOf(order)) }),
    say(lang, 'ussd.order.pay'),
    say(lang, 'ussd.back'),
  ];
  return {
    end: false,
    text: lines.join('\n'),
    back: true,
    next: async (input): Promise<Step> =>
      input === '1'
        ? confirmScreen(session, user, payWrite(order.id, session.request.phoneNumber))
        : { invalid: say(lang, 'ussd.invalid') },
  };
}

function driverScreen(session: Session, user: SessionUser, order: TOrder): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.order.driverName'), async (input) => {
    const { write, error } = await driverWrite(session.ctx, lang, String(order.id), input.trim());
    return write ? confirmScreen(session, user, write) : { invalid: error };
  });
}
