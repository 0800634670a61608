// Where the operations view sends a manager: the orders screen, filtered by status or opened on one order.
import { DAY_MS } from '../../../contract/constants';
import type { OrderStatus } from '../../../contract/orders-constants';

export const ordersWithStatus = (status: OrderStatus) => `/orders?status=${status}`;

export const orderHref = (orderId: number) => `/orders?order=${orderId}`;

/** Whole days since `iso` (0 on the first day). */
export function daysSince(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / DAY_MS));
}
