// In-memory read model of the market: trade and listing facts, the summary base and the bid index, dropped by events.
import type { Language } from '../../contract/constants';
import type { TLiveEvent } from '../../contract/events';
import { type TMarketSummaryItem, ZMarketSummaryItem } from '../../contract/marketplace';
import { DroppableCache } from '../cache/droppable-cache';
import type { CoreContext } from '../core-context';
import { isCatalogueEdit } from '../events/catalogue-edit';
import { jsonArray, jsonText } from '../http/json-body';
import { CatalogueCache, type CatalogueSnapshot } from './catalogue';
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
  type MarketSummaryItem,
  personalise,
} from './market-math';
import { allListingFacts, allTradeFacts, pendingBidFacts } from './marketplace.repo';

/** The summary's time windows move: the base is recomputed from the cached facts at least this often. */
const BASE_MAX_AGE_MS = 60_000;
/** Callers whose summary body is kept (past it the bodies start afresh; each is remade at its next request). */
const MAX_CACHED_BODIES = 10_000;
/** Price histories kept per facts loaded (markets × day counts asked; past it they start afresh). */
const MAX_CACHED_HISTORIES = 1000;

interface SharedSummary {
  base: MarketBaseItem[];
  catalogue: CatalogueSnapshot;
  index: BidIndex;
  items: MarketBaseItem[];
  texts: string[];
  /** The whole body for a caller with no pending bid. */
  outsiderBody: Buffer;
  /** Each caller's body, for this base and bid index. */
  bodies: Map<number, Buffer>;
}

interface Facts {
  trades: TradeFact[];
  listings: ListingFact[];
}

/**
 * The listed markets (every market is tied to a listing, trades reference one, so ids are listing ids) as a reader
 * names them: a catalogue market by its kind's name in their language.
 */
function localise(
  base: readonly MarketBaseItem[],
  catalogue: CatalogueSnapshot,
  lang: Language,
): MarketBaseItem[] {
  return base
    .filter((item) => item.id > 0)
    .map((item) => ({ ...item, name: catalogue.nameOf(item.key, lang, item.name) }));
}

export class MarketModel {
  private facts: Promise<Facts> | null = null;
  private base: { items: MarketBaseItem[]; at: number } | null = null;
  private bids: { index: BidIndex; validUntil: number } | null = null;
  private bidLoad: Promise<{ index: BidIndex; validUntil: number }> | null = null;
  /** Bumped on every invalidation, so a load that started before a change is not kept. */
  private factsGeneration = 0;
  private bidsGeneration = 0;

  /** The commodity catalogue: kinds, their names by language and the resolver's index. */
  readonly catalogue: CatalogueCache;

  constructor(private readonly ctx: CoreContext) {
    this.catalogue = new CatalogueCache(ctx.db);
    ctx.bus.subscribe((event) => this.onEvent(event));
  }

  onEvent(event: Pick<TLiveEvent, 'type'> & { id?: number }): void {
    if (isCatalogueEdit(event)) {
      this.catalogue.drop();
    }
    // (A catalogue edit on this instance calls dropCatalogue right after commit.)
    if (event.type === 'commodity' || event.type === 'trade') {
      this.dropFacts();
    }
    if (event.type === 'bid' || event.type === 'trade' || event.type === 'commodity') {
      this.dropBids();
    }
    if (event.type === 'rating') {
      // The cached listing pages carry each seller's rating aggregate.
      this.pages.drop();
    }
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  dropAll(): void {
    this.dropFacts();
    this.dropBids();
  }

  /** A catalogue edit committed here: names and markets move (listings may have joined a kind's market). */
  dropCatalogue(): void {
    this.catalogue.drop();
    this.dropAll();
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

  /**
   * The summary as JSON, kept while the base and the bid index stand: each listed market's text for a caller with
   * no bid in it, the whole body for such a caller, and each caller's body once asked for.
   */
  private shared: Partial<Record<Language, SharedSummary>> = {};

  /**
   * The caller's summary as JSON. Only markets where the caller has a pending bid differ from the shared text (their
   * best bid is someone else's, and `yourBid` is theirs); each caller's body is made once and then looked up until a
   * bid, listing or trade changes, and its personal market texts are kept while the base stands.
   */
  async summaryBody(callerId: number, lang: Language, now = new Date()): Promise<Buffer> {
    const current = this.shared[lang];
    if (
      current &&
      current.base === this.base?.items &&
      current.catalogue === (await this.catalogue.get(now.getTime())) &&
      now.getTime() - (this.base?.at ?? 0) < BASE_MAX_AGE_MS &&
      current.index === this.bids?.index &&
      now.getTime() < this.bids.validUntil
    ) {
      const body = current.bodies.get(callerId);
      if (body) {
        return body;
      }
    }
    const [base, index, catalogue] = await Promise.all([
      this.baseItems(now),
      this.bidIndex(now),
      this.catalogue.get(now.getTime()),
    ]);
    let shared = this.shared[lang];
    if (!shared || shared.base !== base || shared.index !== index || shared.catalogue !== catalogue) {
      const items = localise(base, catalogue, lang);
      const texts = personalise(items, index, null).map((item) => jsonText(ZMarketSummaryItem, item));
      shared = { base, catalogue, index, items, texts, outsiderBody: jsonArray(texts), bodies: new Map() };
      this.shared[lang] = shared;
    }
    let body = shared.bodies.get(callerId);
    if (!body) {
      body = this.callerBody(shared, callerId);
      if (shared.bodies.size >= MAX_CACHED_BODIES) {
        shared.bodies.clear();
      }
      shared.bodies.set(callerId, body);
    }
    return body;
  }

  /** Texts of markets as some caller with bids sees them, by base item: a market's text depends only on its base,
   * the best bid from someone else and the caller's own bid, so it outlives a change of the bid index elsewhere. */
  private personalTexts = new WeakMap<MarketBaseItem, Map<string, string>>();

  private callerBody(shared: SharedSummary, callerId: number): Buffer {
    const { items, texts, index } = shared;
    let personal = false;
    const out = items.map((item, i) => {
      const bids = index.get(item.key);
      const own = bids?.byBuyer.get(callerId);
      if (own === undefined) {
        return texts[i] as string;
      }
      personal = true;
      const [first, second] = bids?.top ?? [];
      const best = first !== undefined && first.buyerId !== callerId ? first : second;
      const key = `${best?.priceCents ?? ''}|${own}`;
      let byBids = this.personalTexts.get(item);
      if (!byBids) {
        byBids = new Map();
        this.personalTexts.set(item, byBids);
      }
      let text = byBids.get(key);
      if (text === undefined) {
        text = jsonText(ZMarketSummaryItem, personalise([item], index, callerId)[0] as MarketSummaryItem);
        if (byBids.size >= MAX_CACHED_BODIES) {
          byBids.clear();
        }
        byBids.set(key, text);
      }
      return text;
    });
    return personal ? jsonArray(out) : shared.outsiderBody;
  }

  /** The caller's summary as objects (the phone menus read it; null: a caller with no bids). */
  async summaryItems(
    callerId: number | null,
    lang: Language,
    now = new Date(),
  ): Promise<TMarketSummaryItem[]> {
    const [base, index, catalogue] = await Promise.all([
      this.baseItems(now),
      this.bidIndex(now),
      this.catalogue.get(now.getTime()),
    ]);
    return personalise(localise(base, catalogue, lang), index, callerId);
  }

  /**
   * Daily points of one market (`name` is resolved through the catalogue to its key); default the most traded market. Grouping every trade
   * per request held the event loop for milliseconds once trades number in tens of thousands, so each answer is
   * kept with the facts it came from (a trade loads new facts) for as long as the summary's base.
   */
  async history(name: string | undefined, days: number | undefined, now = new Date()): Promise<PricePoint[]> {
    const [facts, catalogue] = await Promise.all([this.loadFacts(), this.catalogue.get(now.getTime())]);
    let kept = this.histories.get(facts);
    if (!kept) {
      kept = new Map();
      this.histories.set(facts, kept);
    }
    const market = name && name.length > 0 ? catalogue.marketOf(name) : null;
    const cacheKey = `${market ?? ''}|${days ?? ''}`;
    const hit = kept.get(cacheKey);
    if (hit && now.getTime() - hit.at < BASE_MAX_AGE_MS) {
      return hit.points;
    }
    const key = market ?? mostTradedMarket(facts.trades, { now });
    const points =
      key === null ? [] : priceHistory(facts.trades, key, days === undefined ? { now } : { now, days });
    if (kept.size >= MAX_CACHED_HISTORIES) {
      kept.clear();
    }
    kept.set(cacheKey, { points, at: now.getTime() });
    return points;
  }

  private readonly histories = new WeakMap<Facts, Map<string, { points: PricePoint[]; at: number }>>();
}
