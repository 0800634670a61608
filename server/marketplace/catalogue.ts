// This instance's copy of the commodity catalogue (names by language, the resolver's index), and keeping rows on it.

import { sql } from 'drizzle-orm';
import {
  buildKindIndex,
  type KindIndex,
  resolveKind,
  type TCommodityKind,
} from '../../contract/commodity-kinds';
import type { Language } from '../../contract/constants';
import { KeyedCache } from '../cache/keyed-cache';
import type { Database, Db, Tx } from '../db/client';
import { assignSavedSearchKinds } from '../users';
import { freeTextMarketKeys, insertKinds, type KindRow, listKindRows, moveMarket } from './catalogue.repo';
import { DEFAULT_KINDS } from './catalogue-defaults';
import { marketKey } from './market-core';

/** Another instance's edit reaches this one by the 'commodity' event it publishes, or at the latest after this. */
const CATALOGUE_MAX_AGE_MS = 30_000;

export class CatalogueSnapshot {
  readonly byKey: ReadonlyMap<string, KindRow>;
  readonly index: KindIndex;

  constructor(readonly kinds: readonly KindRow[]) {
    this.byKey = new Map(kinds.map((kind) => [kind.key, kind]));
    this.index = buildKindIndex(kinds.map(termsOf));
  }

  /** The market a typed name belongs to: its kind's key, else (a commodity not in the catalogue) the folded name. */
  marketOf(name: string): string {
    return resolveKind(this.index, name) ?? marketKey(name);
  }

  /** The kind a typed name means, or null. */
  kindOf(name: string): KindRow | null {
    const key = resolveKind(this.index, name);
    return key === null ? null : (this.byKey.get(key) ?? null);
  }

  /**
   * A commodity as its reader names it, wherever the server writes one for them (notifications, phone messages,
   * ratings): a kind's name in the reader's language; a name the catalogue lacks, as it was typed.
   */
  readerName(lang: Language, typed: string): string {
    const kind = this.kindOf(typed);
    return kind ? kindName(kind, lang) : typed;
  }

  /** What a reader calls a market: its kind's name in their language; a free-text market keeps `fallback`. */
  nameOf(key: string, lang: Language, fallback: string): string {
    const kind = this.byKey.get(key);
    return kind ? kindName(kind, lang) : fallback;
  }
}

export function kindName(kind: KindRow, lang: Language): string {
  return lang === 'fr' ? kind.nameFr : kind.nameEn;
}

function termsOf(kind: KindRow) {
  return { key: kind.key, names: { en: kind.nameEn, fr: kind.nameFr }, synonyms: kind.synonyms };
}

export function presentKind(kind: KindRow, lang: Language): TCommodityKind {
  return {
    key: kind.key,
    name: kindName(kind, lang),
    names: { en: kind.nameEn, fr: kind.nameFr },
    synonyms: [...kind.synonyms],
    grades: [...kind.grades],
    units: kind.units.map((unit) => ({
      key: unit.key,
      name: lang === 'fr' ? unit.names.fr : unit.names.en,
      names: { en: unit.names.en, fr: unit.names.fr },
      kg: unit.kg,
    })),
  };
}

/**
 * Moves every free-text market (listings, trades, requests) a kind's names now match into that kind's market, and
 * gives saved searches whose text names a kind that kind. Idempotent: run when the catalogue is first filled (the
 * rows of a deployment that predates it, at start-up) and after each manager's edit (a new synonym gathers its market).
 */
export async function gatherMarkets(tx: Tx, snapshot: CatalogueSnapshot): Promise<void> {
  for (const key of await freeTextMarketKeys(tx)) {
    const kind = resolveKind(snapshot.index, key);
    if (kind !== null) {
      await moveMarket(tx, key, kind);
    }
  }
  await assignSavedSearchKinds(tx, (query) => resolveKind(snapshot.index, query));
}

/** An arbitrary constant: instances starting together fill an empty catalogue one at a time. */
const CATALOGUE_FILL_LOCK = 7_311_043;

/**
 * A step of preparing the database, run after its migrations and before any request (server/prepare-database.ts):
 * an empty catalogue (a new deployment, or one from before the catalogue) gets the defaults, and the free-text
 * markets of older rows move into the kinds that now name them. A catalogue already filled is left as it is.
 */
export async function fillEmptyCatalogue(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_FILL_LOCK})`);
    }
    if ((await listKindRows(tx)).length > 0) {
      return;
    }
    await insertKinds(tx, DEFAULT_KINDS);
    await gatherMarkets(tx, new CatalogueSnapshot(await listKindRows(tx)));
  });
}

/** The catalogue as this instance last read it, read again when dropped or older than CATALOGUE_MAX_AGE_MS. */
export class CatalogueCache {
  private readonly snapshot = new KeyedCache<CatalogueSnapshot>({
    maxEntries: 1,
    maxAgeMs: CATALOGUE_MAX_AGE_MS,
  });

  constructor(private readonly db: Db) {}

  get(now = Date.now()): Promise<CatalogueSnapshot> {
    return this.snapshot.get('catalogue', async () => new CatalogueSnapshot(await listKindRows(this.db)), {
      now,
    });
  }

  drop(): void {
    this.snapshot.drop();
  }
}
