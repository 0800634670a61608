// What the seller's side does on an order by phone, and what an agent sells for a farmer: the buyer's contact
// (CONTACT), a pick-up or a driver arranged (PICKUP, DRIVER) through the orders' own delivery service, and the
// farmer an agent names in `SELL … FOR amina` (only one they represent now; the marketplace checks it again).
import type { Language } from '../../contract/constants';
import { representedFarmerNamed } from '../agents';
import { findUserByUsername } from '../auth';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { arrangeDelivery, buyerContactOf, getOrder, mayArrangeDelivery, refusalForArrange } from '../orders';
import { readerName } from './commodity-names';
import { refusalText, say, tons } from './phone-text';

/** A delivery arranged by phone, kept (as JSON) until the PIN confirms it. */
export type DeliveryWrite =
  | { kind: 'pickup'; orderId: number }
  | { kind: 'driver'; orderId: number; driverId: number; driver: string };

/** An order number as typed (digits), or null. */
export function orderIdOf(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** CONTACT <order>: the buyer's name, phone and e-mail, for the order's seller, their agent or a manager only. */
export async function contactText(ctx: AppContext, user: SessionUser, orderText: string): Promise<string> {
  const lang = user.language;
  const id = orderIdOf(orderText);
  if (id === null) {
    return say(lang, 'invalid.number');
  }
  try {
    const contact = await buyerContactOf(ctx, { user, id });
    const ways = [contact.phoneNumber, contact.email].filter((way): way is string => way !== null);
    return ways.length === 0
      ? say(lang, 'contact.none', { id, buyer: contact.username })
      : say(lang, 'contact.line', { id, buyer: contact.username, ways: ways.join(', ') });
  } catch (error) {
    return refusalText(lang, error);
  }
}

/** The driver named in `DRIVER <order> <name>` as a write, or why not (no such driver). */
export async function driverWrite(
  ctx: AppContext,
  lang: Language,
  orderText: string,
  driverName: string,
): Promise<{ write: DeliveryWrite; error: null } | { write: null; error: string }> {
  const orderId = orderIdOf(orderText);
  if (orderId === null) {
    return { write: null, error: say(lang, 'invalid.number') };
  }
  const driver = await findUserByUsername(ctx.db, driverName);
  if (driver?.role !== 'delivery') {
    return { write: null, error: say(lang, 'driverNotFound', { driver: driverName }) };
  }
  return { write: { kind: 'driver', orderId, driverId: driver.id, driver: driver.username }, error: null };
}

/** What arranging the delivery will do, in a line the user confirms; or why it cannot be done. */
export async function describeDelivery(
  ctx: AppContext,
  user: SessionUser,
  write: DeliveryWrite,
): Promise<{ summary: string; refusal: null } | { summary: null; refusal: string }> {
  const lang = user.language;
  try {
    const { order, details } = await getOrder(ctx, { user, id: write.orderId });
    if (!mayArrangeDelivery(user, order, details.deliveries.get(order.id) ?? null)) {
      throw refusalForArrange(user, order);
    }
    const params = {
      id: order.id,
      tons: tons(lang, order.quantityKg),
      name: await readerName(ctx, lang, order.commodityName),
      buyer: details.people.get(order.buyerId)?.username ?? '',
    };
    return {
      summary:
        write.kind === 'pickup'
          ? say(lang, 'summary.pickup', params)
          : say(lang, 'summary.driver', { ...params, driver: write.driver }),
      refusal: null,
    };
  } catch (error) {
    return { summary: null, refusal: refusalText(lang, error) };
  }
}

/** Arranges the delivery through the orders' service; the answer (done, or why not) in the user's words. */
export async function runDelivery(ctx: AppContext, user: SessionUser, write: DeliveryWrite): Promise<string> {
  const lang = user.language;
  try {
    const input = write.kind === 'pickup' ? { mode: 'pickup' as const } : { driverId: write.driverId };
    const { order } = await arrangeDelivery(ctx, { user, id: write.orderId, input });
    return write.kind === 'pickup'
      ? say(lang, 'done.pickup', { id: order.id })
      : say(lang, 'done.driver', { id: order.id, driver: write.driver });
  } catch (error) {
    return refusalText(lang, error);
  }
}

/** The farmer an agent names to sell for, if they represent them now; or why not, in the agent's words. */
export async function farmerToSellFor(
  ctx: AppContext,
  user: SessionUser,
  farmerName: string,
): Promise<{ farmer: { id: number; username: string }; error: null } | { farmer: null; error: string }> {
  const lang = user.language;
  if (user.role !== 'agent') {
    return { farmer: null, error: say(lang, 'notAllowed') };
  }
  const farmer = await representedFarmerNamed(ctx.db, user.id, farmerName);
  return farmer === null
    ? { farmer: null, error: say(lang, 'notRepresented', { farmer: farmerName }) }
    : { farmer, error: null };
}
