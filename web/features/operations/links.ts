// Where the operations view sends a manager: the orders screen, filtered by status or opened on one order.
import type { OrderStatus } from '../../../contract/orders-constants';
import { calendarDaysBetween, deviceTimeZone } from '../../lib/relative-time';

export const ordersWithStatus = (status: OrderStatus) => `/orders?status=${status}`;

export const orderHref = (orderId: number) => `/orders?order=${orderId}`;

/** Calendar days since `iso` in the reader's time zone (0 on the first day), as the date shown beside it reads. */
export function daysSince(iso: string, now: number = Date.now(), timeZone = deviceTimeZone()): number {
  return Math.max(0, calendarDaysBetween(new Date(iso), new Date(now), timeZone));
}
