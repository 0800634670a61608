// In-memory first page of each user's orders list, as sent, dropped by order and user events.
import type { z } from 'zod';
import type { ZOrderListQuery } from '../../contract/orders';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { isCatalogueEdit } from '../events/catalogue-edit';
import type { SessionUser } from '../http/access';
import { held } from '../module';

/** Pages kept (past it the cache starts afresh). */
const MAX_PAGES = 10_000;

export interface OrdersPage {
  body: Buffer;
  next: string | null;
}

/** A page as sent, and until when it reads the same with no event. */
export interface OrdersPageEntry extends OrdersPage {
  /** The page reads differently from this time on (a dispute window closes, contacts may be stale). */
  validUntil: number;
}

/**
 * Users' names and contacts are on every order; an order event names its parties, driver and managers; an agent
 * link that starts or ends gives or takes an agent's sight of the farmer's orders; a catalogue edit may rename the
 * commodity every order names.
 */
const DROPPING_EVENTS = new Set(['order', 'user', 'agent_link']);

export class OrdersCache {
  /** A page reads the same until its `validUntil`, or until an event drops it. */
  private readonly pages = new KeyedCache<OrdersPageEntry>({
    maxEntries: MAX_PAGES,
    validUntil: (entry) => entry.validUntil,
  });

  constructor(ctx: CoreContext) {
    this.pages.dropOn(ctx.bus, (event) =>
      DROPPING_EVENTS.has(event.type) || isCatalogueEdit(event) ? 'all' : null,
    );
  }

  /** Called after this instance's order writes (other instances hear the transaction's events). */
  drop(): void {
    this.pages.drop();
  }

  /** The first page of the user's orders for this query (no cursor), as the user sees it; `load` makes it. */
  firstPage(
    user: SessionUser,
    query: z.output<typeof ZOrderListQuery>,
    load: () => Promise<OrdersPageEntry>,
  ): Promise<OrdersPage> {
    const key = `${user.id}|${user.role}|${user.language}|${query.as ?? ''}|${query.status ?? ''}|${query.delivery ?? ''}|${query.farmer ?? ''}|${query.limit}`;
    return this.pages.get(key, load);
  }
}

/** This instance's OrdersCache, built from its context on first use. */
export const ordersCache = held('orders.firstPages', (ctx) => new OrdersCache(ctx));
