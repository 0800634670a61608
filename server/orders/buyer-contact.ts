// The buyer's contact on an order, for its seller's side (the seller, their acting agent, a manager) to arrange the
// hand-over by phone: the web shows it to the assigned driver; the phone bot's CONTACT asks it here.

import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { isSellerSide } from './orders.policy';
import { getOrder } from './orders.service';

export interface BuyerContact {
  orderId: number;
  username: string;
  /** As the buyer gave it, with its country code; null when they gave none. */
  phoneNumber: string | null;
  email: string | null;
}

/** 404 to whoever may not see the order; 403 to its buyer or driver (the seller's side only reads the buyer's). */
export async function buyerContactOf(
  ctx: AppContext,
  options: { user: SessionUser; id: number },
): Promise<BuyerContact> {
  const { order, details } = await getOrder(ctx, options);
  if (!isSellerSide(options.user, order)) {
    throw new AppError('forbidden', 'orders.errors.notAllowed');
  }
  const buyer = details.people.get(order.buyerId);
  const phone = buyer?.phoneNumber ? [buyer.countryCode, buyer.phoneNumber].filter(Boolean).join(' ') : null;
  return {
    orderId: order.id,
    username: buyer?.username ?? `#${order.buyerId}`,
    phoneNumber: phone,
    email: buyer?.email ?? null,
  };
}
