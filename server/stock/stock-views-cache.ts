// The stores and lots a reader sees, as read, per instance: opened with every stock screen, and read far more often
// than stock changes. What is kept is what the database said (the rows, who keeps what, the photos); the worth at
// today's prices is worked out at each answer, since the market moves without any stock event.
import type { z } from 'zod';
import type { ZLotQuery } from '../../contract/stock';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { held } from '../module';
import type { PhotoPair } from '../photos';
import type { LotView, StoreRow } from './stock.repo';
import type { Actor } from './stock-access';

/** Readers' lists kept at once (past it the cache starts afresh). */
const MAX_ENTRIES = 20_000;
/** A safety net only (events are the freshness rule): a list is read again at least this often. */
const MAX_AGE_MS = 60_000;

/**
 * What changes a reader's stores or lots: any stock write (its event names the store; a manager sees every store,
 * so every list is dropped, as the orders' cache does); an agent's link that starts or ends (an agent's sight and
 * rights); a user's change (names on the list, a role). A co-operative's keepers and admins are named through the
 * stock event of each of its stores and the agent link event of its account.
 */
const DROPPING_EVENTS = new Set(['stock', 'agent_link', 'user']);

/** A store as its reader sees it, before its worth at today's prices. */
export interface StoreBase {
  store: StoreRow;
  ownerName: string | null;
  keepers: { id: number; username: string }[];
  keeps: boolean;
  holdings: { crop: string; kg: number; lots: number }[];
}

/** A lot as its reader sees it, before its worth at today's prices. */
export interface LotBase {
  lot: LotView;
  photos: PhotoPair[];
  canMove: boolean;
  canSell: boolean;
}

export interface LotsPage {
  lots: LotBase[];
  next: string | null;
}

export class StockViewsCache {
  private readonly stores = new KeyedCache<StoreBase[]>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
  private readonly lots = new KeyedCache<LotsPage>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });

  constructor(ctx: CoreContext) {
    for (const cache of [this.stores, this.lots]) {
      cache.dropOn(ctx.bus, (event) => (DROPPING_EVENTS.has(event.type) ? 'all' : null));
    }
  }

  /** The reader's stores as `load` reads them. */
  storesOf(user: Actor, load: () => Promise<StoreBase[]>): Promise<StoreBase[]> {
    return this.stores.get(`${user.id}|${user.role}`, load);
  }

  /** The first page of the reader's lots for the query, as `load` reads it (a refused filter throws, kept by no one). */
  firstLots(
    user: Actor,
    query: z.output<typeof ZLotQuery>,
    load: () => Promise<LotsPage>,
  ): Promise<LotsPage> {
    const key = JSON.stringify([
      user.id,
      user.role,
      query.store,
      query.crop,
      query.owner,
      query.empty,
      query.limit,
    ]);
    return this.lots.get(key, load);
  }

  /** After this instance's stock writes, at once (the write's event reaches every instance, this one too, soon after). */
  drop(): void {
    this.stores.drop();
    this.lots.drop();
  }
}

/** This instance's StockViewsCache, built from its context on first use. */
export const stockViewsCache = held('stock.views', (ctx) => new StockViewsCache(ctx));
