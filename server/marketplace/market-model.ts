// In-memory read model of the market: trade and listing facts, the summary base and the bid index, dropped by events.
import type { TLiveEvent } from '../../contract/events';
import { type TMarketSummaryItem, ZMarketSummaryItem } from '../../contract/marketplace';
import { DroppableCache } from '../cache/droppable-cache';
import type { CoreContext } from '../core-context';
import { jsonArray, jsonText } from '../http/json-body';
import {
  type ListingFact,
  mostTradedMarket,
  type PricePoint,
  priceHistory,
  type TradeFact,
} from './market-core';
import {
  type BidIndex,
  buildBidIndex,
  buildMarketBase,
  type MarketBaseItem,
  personalise,
} from './market-math';
import { allListingFacts, allTradeFacts, pendingBidFacts } from './marketplace.repo';

/** The summary's time windows move: the base is recomputed from the cached facts at least this often. */
const BASE_MAX_AGE_MS = 60_000;

interface Facts {
  trades: TradeFact[];
  listings: ListingFact[];
}

export class MarketModel {
  private facts: Promise<Facts> | null = null;
  private base: { items: MarketBaseItem[]; at: number } | null = null;
  private bids: { index: BidIndex; validUntil: number } | null = null;
  private bidLoad: Promise<{ index: BidIndex; validUntil: number }> | null = null;
  /** Bumped on every invalidation, so a load that started before a change is not kept. */
  private factsGeneration = 0;
  private bidsGeneration = 0;

  constructor(private readonly ctx: CoreContext) {
    ctx.bus.subscribe((event) => this.onEvent(event));
  }

  onEvent(event: Pick<TLiveEvent, 'type'>): void {
    if (event.type === 'commodity' || event.type === 'trade') {
      this.dropFacts();
    }
    if (event.type === 'bid' || event.type === 'trade' || event.type === 'commodity') {
      this.dropBids();
    }
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  dropAll(): void {
    this.dropFacts();
    this.dropBids();
  }

  private dropFacts(): void {
    this.factsGeneration += 1;
    this.facts = null;
    this.base = null;
    this.pages.drop();
  }

  /** Pages of the public listing list (the hottest read), kept until a listing or trade changes. */
  private readonly pages = new DroppableCache<unknown>(1000);

  cachedPage<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.pages.get(key, load) as Promise<T>;
  }

  private dropBids(): void {
    this.bidsGeneration += 1;
    this.bids = null;
    this.bidLoad = null;
  }

  private loadFacts(): Promise<Facts> {
    if (!this.facts) {
      const generation = this.factsGeneration;
      const load = Promise.all([allTradeFacts(this.ctx.db), allListingFacts(this.ctx.db)]).then(
        ([trades, listings]) => ({ trades, listings }),
      );
      this.facts = load;
      load.then(
        () => undefined,
        () => {
          if (this.factsGeneration === generation) {
            this.facts = null;
          }
        },
      );
    }
    return this.facts;
  }

  private async baseItems(now: Date): Promise<MarketBaseItem[]> {
    const cached = this.base;
    if (cached && now.getTime() - cached.at < BASE_MAX_AGE_MS) {
      return cached.items;
    }
    const generation = this.factsGeneration;
    const facts = await this.loadFacts();
    const items = buildMarketBase({ trades: facts.trades, listings: facts.listings, now });
    if (generation === this.factsGeneration) {
      this.base = { items, at: now.getTime() };
    }
    return items;
  }

  private async bidIndex(now: Date): Promise<BidIndex> {
    if (this.bids && now.getTime() < this.bids.validUntil) {
      return this.bids.index;
    }
    if (!this.bidLoad) {
      const generation = this.bidsGeneration;
      this.bidLoad = pendingBidFacts(this.ctx.db).then((rows) => {
        const nowMs = Date.now();
        const live = rows.filter((r) => r.expiresAt.getTime() > nowMs);
        // The index holds until its first bid lapses (a loop: 100k bids are too many for Math.min's arguments).
        let validUntil = Number.MAX_SAFE_INTEGER;
        for (const row of live) {
          validUntil = Math.min(validUntil, row.expiresAt.getTime());
        }
        const built = { index: buildBidIndex(live), validUntil };
        if (generation === this.bidsGeneration) {
          this.bids = built;
        }
        return built;
      });
      const load = this.bidLoad;
      load
        .finally(() => {
          if (this.bidLoad === load) {
            this.bidLoad = null;
          }
        })
        .catch(() => undefined);
    }
    return (await this.bidLoad).index;
  }

  /** Each listed market as JSON for a caller with no bid in it, kept while the base and the bid index stand. */
  private shared: {
    base: MarketBaseItem[];
    index: BidIndex;
    items: MarketBaseItem[];
    texts: string[];
  } | null = null;

  /**
   * The caller's summary as JSON. Only markets where the caller has a pending bid differ from the shared
   * text (their best bid is someone else's, and `yourBid` is theirs), so only those are serialised per request.
   */
  async summaryBody(callerId: number, now = new Date()): Promise<Buffer> {
    const [base, index] = await Promise.all([this.baseItems(now), this.bidIndex(now)]);
    let shared = this.shared;
    if (!shared || shared.base !== base || shared.index !== index) {
      // Every market is tied to a listing (trades reference one), so ids are listing ids.
      const items = base.filter((item) => item.id > 0);
      const texts = personalise(items, index, null).map((item) => jsonText(ZMarketSummaryItem, item));
      shared = { base, index, items, texts };
      this.shared = shared;
    }
    const { items, texts } = shared;
    return jsonArray(
      items.map((item, i) =>
        index.get(item.key)?.byBuyer.has(callerId)
          ? jsonText(ZMarketSummaryItem, personalise([item], index, callerId)[0])
          : (texts[i] as string),
      ),
    );
  }

  /** The caller's summary as objects (the phone menus read it; null: a caller with no bids). */
  async summaryItems(callerId: number | null, now = new Date()): Promise<TMarketSummaryItem[]> {
    const [base, index] = await Promise.all([this.baseItems(now), this.bidIndex(now)]);
    return personalise(
      base.filter((item) => item.id > 0),
      index,
      callerId,
    );
  }

  /** Daily points of one market (`name` is folded to its key); default the most traded market. */
  async history(name: string | undefined, days: number | undefined, now = new Date()): Promise<PricePoint[]> {
    const { trades } = await this.loadFacts();
    const key = name && name.length > 0 ? name : mostTradedMarket(trades, { now });
    if (key === null) {
      return [];
    }
    return priceHistory(trades, key, days === undefined ? { now } : { now, days });
  }
}
