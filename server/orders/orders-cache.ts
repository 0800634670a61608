// In-memory first page of each user's orders list, as sent, dropped by order and user events.
import type { z } from 'zod';
import { DAY_MS } from '../../contract/constants';
import { DISPUTE_WINDOW_DAYS, type TOrder, ZOrder, type ZOrderListQuery } from '../../contract/orders';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { CoreContext } from '../core-context';
import { jsonArray, jsonText } from '../http/json-body';
import { paginate } from '../http/pagination';
import { presentOrder } from './orders.present';
import type { OrderRow } from './orders.repo';
import { listOrdersOf } from './orders.service';

/** Pages kept (past it the cache starts afresh). */
const MAX_PAGES = 10_000;
/**
 * A page showing the parties' contacts (to a driver or manager) is kept at most this long: a verified phone number
 * changes without an event.
 */
const CONTACTS_MAX_AGE_MS = 5_000;

export interface OrdersPage {
  body: Buffer;
  next: string | null;
}

interface Entry extends OrdersPage {
  /** The page reads differently from this time on (a dispute window closes, contacts may be stale). */
  validUntil: number;
}

/** Users' names and contacts are on every order; an order event names its parties, driver and managers. */
const DROPPING_EVENTS = new Set(['order', 'user']);

export class OrdersCache {
  /** Replaced on a drop, so a load under way then answers its own callers but is not kept. */
  private pages = new Map<string, Promise<Entry>>();

  constructor(ctx: CoreContext) {
    ctx.bus.subscribe((event) => {
      if (DROPPING_EVENTS.has(event.type)) {
        this.drop();
      }
    });
  }

  /** Called after this instance's order writes (other instances hear the transaction's events). */
  drop(): void {
    this.pages = new Map();
  }

  /** The first page of the user's orders for this query (no cursor), as the user sees it. */
  async firstPage(
    ctx: AppContext,
    user: SessionUser,
    query: z.output<typeof ZOrderListQuery>,
  ): Promise<OrdersPage> {
    const key = `${user.id}|${user.role}|${query.as ?? ''}|${query.status ?? ''}|${query.delivery ?? ''}|${query.limit}`;
    const pages = this.pages;
    const cached = pages.get(key);
    if (cached) {
      const entry = await cached;
      if (Date.now() < entry.validUntil) {
        return entry;
      }
      if (pages.get(key) === cached) {
        pages.delete(key);
      }
    }
    const load = this.load(ctx, user, query);
    if (pages.size >= MAX_PAGES) {
      pages.clear();
    }
    pages.set(key, load);
    load.catch(() => {
      if (pages.get(key) === load) {
        pages.delete(key);
      }
    });
    return load;
  }

  private async load(
    ctx: AppContext,
    user: SessionUser,
    query: z.output<typeof ZOrderListQuery>,
  ): Promise<Entry> {
    const { rows, details } = await listOrdersOf(ctx, { user, query });
    const { items, next } = paginate(rows, query.limit, (r) => r.id);
    const now = Date.now();
    let validUntil = Number.MAX_SAFE_INTEGER;
    const texts = items.map((order) => {
      const shown = presentOrder(order, details, user);
      validUntil = Math.min(validUntil, changesAt(order, shown, user, now));
      return jsonText(ZOrder, shown);
    });
    return { body: jsonArray(texts), next, validUntil };
  }
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
