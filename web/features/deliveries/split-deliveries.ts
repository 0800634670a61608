// The driver's deliveries in two lists: to do (goods on board first, new assignments last) and finished.
import type { DeliveryStatus, TDelivery, TOrder } from '../../../contract/orders';

/** Open deliveries, in the order to work on them: goods on board first, new assignments last. */
const OPEN_ORDER: readonly DeliveryStatus[] = ['in_transit', 'picked_up', 'accepted', 'assigned'];

export type DeliveryRow = { order: TOrder; delivery: TDelivery };

export function splitDeliveries(orders: TOrder[]): { open: DeliveryRow[]; done: DeliveryRow[] } {
  const rows = orders.flatMap((order) => (order.delivery ? [{ order, delivery: order.delivery }] : []));
  const rank = (row: DeliveryRow) => OPEN_ORDER.indexOf(row.delivery.status);
  const open = rows.filter((row) => rank(row) >= 0 && row.order.status !== 'cancelled');
  return {
    open: open.sort((a, b) => rank(a) - rank(b)),
    done: rows.filter((row) => !open.includes(row)),
  };
}
