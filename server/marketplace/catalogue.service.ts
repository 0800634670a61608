// Rules of the commodity catalogue: managers add and edit kinds; a farmer whose commodity is missing asks for it.
import type { TKindInput, TKindUpdate } from '../../contract/commodity-kinds';
import { KIND_REQUESTS_PAGE } from '../../contract/commodity-kinds';
import { userIdsWithRoles } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { CATALOGUE_EVENT_ID } from '../events/catalogue-edit';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { PERMISSIONS } from '../http/permissions';
import { inboxCache, notify } from '../notifications';
import { CatalogueSnapshot, gatherMarkets } from './catalogue';
import {
  deleteKindRequest,
  insertKindRequest,
  insertKinds,
  type KindRow,
  listKindRequests,
  listKindRows,
  unmatchedMarkets,
  updateKindRow,
} from './catalogue.repo';
import { ordersStale } from './hooks';
import { marketModel } from './market-model';

/**
 * Applies a catalogue edit: in one transaction the kind changes, free-text markets its names now match join its
 * market, and every instance hears of it; then this instance reads the catalogue afresh, and the pages it holds that
 * name commodities (orders, notifications) are made again at their next read.
 */
async function editCatalogue<T>(ctx: AppContext, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const done = await change(tx);
    await gatherMarkets(tx, new CatalogueSnapshot(await listKindRows(tx)));
    // Listings may have changed market and every market's name may have: public, like any listing change.
    await ctx.bus.publish(tx, { type: 'commodity', id: CATALOGUE_EVENT_ID }, 'public');
    return done;
  });
  marketModel.of(ctx).dropCatalogue();
  ordersStale.call(ctx);
  inboxCache.of(ctx).dropAll();
  return result;
}

/** A term (name or synonym) of this kind another kind already answers to: the resolver would not reach it. */
async function refuseTakenTerms(ctx: AppContext, key: string, terms: readonly string[]): Promise<void> {
  const snapshot = await marketModel.of(ctx).catalogue.get();
  for (const term of terms) {
    const owner = snapshot.kindOf(term);
    if (owner !== null && owner.key !== key) {
      throw new AppError(
        'conflict',
        'marketplace.catalogue.errors.termTaken',
        { term, kind: owner.nameEn },
        {},
        ['synonyms'],
      );
    }
  }
}

export async function createKind(ctx: AppContext, kind: TKindInput): Promise<KindRow> {
  await refuseTakenTerms(ctx, kind.key, [kind.names.en, kind.names.fr, ...kind.synonyms]);
  return editCatalogue(ctx, async (tx) => {
    const [row] = await insertKinds(tx, [kind]);
    if (!row) {
      throw conflict('marketplace.catalogue.errors.keyTaken', { key: kind.key });
    }
    return row;
  });
}

export async function updateKind(ctx: AppContext, key: string, changes: TKindUpdate): Promise<KindRow> {
  await refuseTakenTerms(ctx, key, [
    ...(changes.names ? [changes.names.en, changes.names.fr] : []),
    ...(changes.synonyms ?? []),
  ]);
  return editCatalogue(ctx, async (tx) => {
    const row = await updateKindRow(tx, key, changes);
    if (!row) {
      throw new AppError('notFound', 'marketplace.catalogue.errors.kindNotFound');
    }
    return row;
  });
}

export async function requestKind(
  ctx: AppContext,
  options: { user: SessionUser; name: string; note?: string | undefined },
) {
  const snapshot = await marketModel.of(ctx).catalogue.get();
  const known = snapshot.kindOf(options.name);
  if (known !== null) {
    // Nothing to ask: the catalogue has it (the farmer typed a synonym the list did not show).
    throw new AppError('conflict', 'marketplace.catalogue.errors.alreadyKnown', { kind: known.nameEn }, {}, [
      'name',
    ]);
  }
  // The request and the managers' notice are one write: a request nobody heard of would wait unseen.
  return ctx.db.transaction(async (tx) => {
    const row = await insertKindRequest(tx, {
      requestedBy: options.user.id,
      name: options.name,
      note: options.note && options.note.length > 0 ? options.note : null,
    });
    const answerers = await userIdsWithRoles(tx, PERMISSIONS['catalogue.manage']);
    await notify(
      tx,
      ctx,
      answerers.filter((id) => id !== options.user.id),
      {
        type: 'kind_requested',
        data: { requestId: row.id, name: row.name, user: options.user.username },
        // The managers' catalogue page, where requests are answered.
        link: '/catalogue',
      },
    );
    return row;
  });
}

export function kindRequests(ctx: AppContext) {
  return listKindRequests(ctx.db, KIND_REQUESTS_PAGE);
}

export async function closeKindRequest(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteKindRequest(ctx.db, id))) {
    throw new AppError('notFound', 'marketplace.catalogue.errors.requestNotFound');
  }
}

export function unmatched(ctx: AppContext) {
  return unmatchedMarkets(ctx.db);
}
