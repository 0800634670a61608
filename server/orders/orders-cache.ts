// In-memory first page of each user's orders list, as sent, dropped by order and user events.
import type { z } from 'zod';
import type { ZOrderListQuery } from '../../contract/orders';
import type { SessionUser } from '../auth/sessions';
import type { CoreContext } from '../core-context';
import { isCatalogueEdit } from '../events/catalogue-edit';

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
  /** Replaced on a drop, so a load under way then answers its own callers but is not kept. */
  private pages = new Map<string, Promise<OrdersPageEntry>>();

  constructor(ctx: CoreContext) {
    ctx.bus.subscribe((event) => {
      if (DROPPING_EVENTS.has(event.type) || isCatalogueEdit(event)) {
        this.drop();
      }
    });
  }

  /** Called after this instance's order writes (other instances hear the transaction's events). */
  drop(): void {
    this.pages = new Map();
  }

  /** The first page of the user's orders for this query (no cursor), as the user sees it; `load` makes it. */
  async firstPage(
    user: SessionUser,
    query: z.output<typeof ZOrderListQuery>,
    load: () => Promise<OrdersPageEntry>,
  ): Promise<OrdersPage> {
    const key = `${user.id}|${user.role}|${user.language}|${query.as ?? ''}|${query.status ?? ''}|${query.delivery ?? ''}|${query.farmer ?? ''}|${query.limit}`;
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
    const loading = load();
    if (pages.size >= MAX_PAGES) {
      pages.clear();
    }
    pages.set(key, loading);
    loading.catch(() => {
      if (pages.get(key) === loading) {
        pages.delete(key);
      }
    });
    return loading;
  }
}
