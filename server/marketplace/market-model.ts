// In-memory read model of the market: trade and listing facts, the summary base and the bid index, dropped by events.
import type { Language } from '../../contract/constants';
import type { TLiveEvent } from '../../contract/events';
import { type TMarketSummaryItem, ZMarketSummaryItem } from '../../contract/marketplace';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { isCatalogueEdit } from '../events/catalogue-edit';
import { jsonArray, jsonText } from '../http/json-body';
import { held } from '../module';
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
  bodies: KeyedCache<Buffer, number>;
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

/** The bid index, and until when it holds with no event: its first bid's lapse. */
interface Bids {
  index: BidIndex;
  validUntil: number;
}

/** The one key of the model's single-value caches. */
const ONLY = 'all';

export class MarketModel {
  /** Every trade and listing fact, loaded once until a trade or a catalogue edit. */
  private readonly facts = new KeyedCache<Facts>({ maxEntries: 1 });
  /** The summary base, computed from the facts and kept with them, at most BASE_MAX_AGE_MS (its windows move). */
  private readonly base = new KeyedCache<MarketBaseItem[]>({ maxEntries: 1, maxAgeMs: BASE_MAX_AGE_MS });
  /** The pending bids' index, until a bid changes or the first of them lapses. */
  private readonly bids = new KeyedCache<Bids>({ maxEntries: 1, validUntil: (bids) => bids.validUntil });
  /** Pages of the public listing list (the hottest read), kept until a listing or trade changes. */
  private readonly pages = new KeyedCache<unknown>({ maxEntries: 1000 });
  /**
   * Daily points of a market over some days: grouping every trade per request held the event loop for milliseconds
   * once trades number in tens of thousands, so each answer is kept with the facts (a trade loads new facts) for as
   * long as the summary's base.
   */
  private readonly histories = new KeyedCache<PricePoint[]>({
    maxEntries: MAX_CACHED_HISTORIES,
    maxAgeMs: BASE_MAX_AGE_MS,
  });

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
      this.bids.drop();
    }
    if (event.type === 'rating') {
      // The cached listing pages carry each seller's rating aggregate.
      this.pages.drop();
    }
  }

  /** Called by this instance's writes right after commit (events from other instances arrive by NOTIFY). */
  dropAll(): void {
    this.dropFacts();
    this.bids.drop();
  }

  /** A catalogue edit committed here: names and markets move (listings may have joined a kind's market). */
  dropCatalogue(): void {
    this.catalogue.drop();
    this.dropAll();
  }

  /** The facts and everything made from them. */
  private dropFacts(): void {
    this.facts.drop();
    this.base.drop();
    this.histories.drop();
    this.pages.drop();
  }

  cachedPage<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.pages.get(key, load) as Promise<T>;
  }

  private loadFacts(): Promise<Facts> {
    return this.facts.get(ONLY, async () => {
      const [trades, listings] = await Promise.all([
        allTradeFacts(this.ctx.db),
        allListingFacts(this.ctx.db),
      ]);
      return { trades, listings };
    });
  }

  private baseItems(now: Date): Promise<MarketBaseItem[]> {
    return this.base.get(
      ONLY,
      async () => {
        const facts = await this.loadFacts();
        return buildMarketBase({ trades: facts.trades, listings: facts.listings, now });
      },
      { now: now.getTime() },
    );
  }

  private async bidIndex(now: Date): Promise<BidIndex> {
    const bids = await this.bids.get(
      ONLY,
      async () => {
        const rows = await pendingBidFacts(this.ctx.db);
        const nowMs = Date.now();
        const live = rows.filter((r) => r.expiresAt.getTime() > nowMs);
        // The index holds until its first bid lapses (a loop: 100k bids are too many for Math.min's arguments).
        let validUntil = Number.MAX_SAFE_INTEGER;
        for (const row of live) {
          validUntil = Math.min(validUntil, row.expiresAt.getTime());
        }
        return { index: buildBidIndex(live), validUntil };
      },
      { now: now.getTime() },
    );
    return bids.index;
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
    const [base, index, catalogue] = await Promise.all([
      this.baseItems(now),
      this.bidIndex(now),
      this.catalogue.get(now.getTime()),
    ]);
    let shared = this.shared[lang];
    if (!shared || shared.base !== base || shared.index !== index || shared.catalogue !== catalogue) {
      const items = localise(base, catalogue, lang);
      const texts = personalise(items, index, null).map((item) => jsonText(ZMarketSummaryItem, item));
      shared = {
        base,
        catalogue,
        index,
        items,
        texts,
        outsiderBody: jsonArray(texts),
        bodies: new KeyedCache({ maxEntries: MAX_CACHED_BODIES }),
      };
      this.shared[lang] = shared;
    }
    const kept = shared;
    return kept.bodies.remember(callerId, () => this.callerBody(kept, callerId));
  }

  /** Texts of markets as some caller with bids sees them, by base item: a market's text depends only on its base,
   * the best bid from someone else and the caller's own bid, so it outlives a change of the bid index elsewhere. */
  private personalTexts = new WeakMap<MarketBaseItem, KeyedCache<string>>();

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
        byBids = new KeyedCache({ maxEntries: MAX_CACHED_BODIES });
        this.personalTexts.set(item, byBids);
      }
      return byBids.remember(key, () =>
        jsonText(ZMarketSummaryItem, personalise([item], index, callerId)[0] as MarketSummaryItem),
      );
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

  /** Daily points of one market (`name` is resolved through the catalogue to its key); default the most traded market. */
  async history(name: string | undefined, days: number | undefined, now = new Date()): Promise<PricePoint[]> {
    const catalogue = await this.catalogue.get(now.getTime());
    const market = name && name.length > 0 ? catalogue.marketOf(name) : null;
    return this.histories.get(
      `${market ?? ''}|${days ?? ''}`,
      async () => {
        const facts = await this.loadFacts();
        const key = market ?? mostTradedMarket(facts.trades, { now });
        return key === null
          ? []
          : priceHistory(facts.trades, key, days === undefined ? { now } : { now, days });
      },
      { now: now.getTime() },
    );
  }
}

/** This instance's MarketModel, built from its context on first use. */
export const marketModel = held('marketplace.market', (ctx) => new MarketModel(ctx));
