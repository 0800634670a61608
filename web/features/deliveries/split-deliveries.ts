// The driver's deliveries in two lists: to do (new jobs first, then goods on board) and finished.
import type { DeliveryStatus, TDelivery, TOrder } from '../../../contract/orders';

/**
 * Open deliveries, in the order to work on them: new jobs first (they wait for the driver's yes or no), then goods
 * on board, then jobs accepted but not yet collected.
 */
const OPEN_ORDER: readonly DeliveryStatus[] = ['assigned', 'in_transit', 'picked_up', 'accepted'];

export type DeliveryRow = { order: TOrder; delivery: TDelivery };

export function splitDeliveries(orders: TOrder[]): { open: DeliveryRow[]; done: DeliveryRow[] } {
  const rows = orders.flatMap((order) => (order.delivery ? [{ order, delivery: order.delivery }] : []));
  const rank = (row: DeliveryRow) => OPEN_ORDER.indexOf(row.delivery.status);
  const open = rows.filter((row) => rank(row) >= 0 && row.order.status !== 'cancelled');
  // Within a step the newest delivery first: a job given today on an older order is still a new job.
  return {
    open: open.sort((a, b) => rank(a) - rank(b) || b.delivery.id - a.delivery.id),
    done: rows.filter((row) => !open.includes(row)),
  };
}
