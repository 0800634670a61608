// The first page of a user's orders as sent, made for the orders cache (`ordersCache.of(ctx)`).
import type { z } from 'zod';
import { DAY_MS } from '../../contract/constants';
import { DISPUTE_WINDOW_DAYS, type TOrder, ZOrder, type ZOrderListQuery } from '../../contract/orders';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { jsonArray, jsonText } from '../http/json-body';
import { paginate } from '../http/pagination';
import { readerNames } from '../marketplace';
import { presentOrder } from './orders.present';
import type { OrderRow } from './orders.repo';
import { listOrdersOf } from './orders.service';
import type { OrdersPageEntry } from './orders-cache';

/**
 * A page showing the parties' contacts (to a driver or manager) is kept at most this long: a verified phone number
 * changes without an event.
 */
const CONTACTS_MAX_AGE_MS = 5_000;

/** The user's first page of orders for this query, with until when it reads the same. */
export async function loadOrdersFirstPage(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof ZOrderListQuery>,
): Promise<OrdersPageEntry> {
  const { rows, details } = await listOrdersOf(ctx, { user, query });
  const nameOf = await readerNames(ctx, user.language);
  const { items, next } = paginate(rows, query.limit, (r) => r.id);
  const now = Date.now();
  let validUntil = Number.MAX_SAFE_INTEGER;
  const texts = items.map((order) => {
    const shown = presentOrder(order, details, user, nameOf);
    validUntil = Math.min(validUntil, changesAt(order, shown, user, now));
    return jsonText(ZOrder, shown);
  });
  return { body: jsonArray(texts), next, validUntil };
}

/** When an order's presentation may next change with no event: its buyer's dispute window closing, or contacts. */
function changesAt(order: OrderRow, shown: TOrder, user: SessionUser, now: number): number {
  let at = Number.MAX_SAFE_INTEGER;
  if (order.buyerId === user.id && order.deliveredAt !== null) {
    const closes = order.deliveredAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS;
    if (closes >= now) {
      at = closes + 1;
    }
  }
  if (shown.delivery?.pickup || shown.delivery?.dropoff) {
    at = Math.min(at, now + CONTACTS_MAX_AGE_MS);
  }
  return at;
}
