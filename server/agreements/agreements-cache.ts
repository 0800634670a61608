// Each reader's forward agreements (the rows their Futures tab and list start from), per instance: most people have
// none, and asking again would cost the access and the list's reads each time. What an agreement is worth now (its
// deliveries, money and today's price) is still presented at each answer. Dropped by every agreement's change (its
// `agreement` event), by a co-operative's admins changing (`group`: whose agreements a reader acts in) and by a
// user's change (a role).
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import type { SessionUser } from '../http/access';
import { held } from '../module';
import type { AgreementRow } from './agreements.repo';

const MAX_LISTS = 20_000;
/** A safety net only (events are the freshness rule). */
const MAX_AGE_MS = 60_000;
const DROPPING_EVENTS = new Set(['agreement', 'group', 'user']);

export class AgreementsCache {
  private readonly lists = new KeyedCache<AgreementRow[]>({ maxEntries: MAX_LISTS, maxAgeMs: MAX_AGE_MS });

  constructor(ctx: CoreContext) {
    this.lists.dropOn(ctx.bus, (event) => (DROPPING_EVENTS.has(event.type) ? 'all' : null));
  }

  /** The reader's agreements for the query (a status, a number), as `load` reads them. */
  rowsOf(
    user: SessionUser,
    query: { status?: string | undefined; limit: number },
    load: () => Promise<AgreementRow[]>,
  ): Promise<AgreementRow[]> {
    return this.lists.get(JSON.stringify([user.id, user.role, query.status, query.limit]), load);
  }
}

/** This instance's AgreementsCache, built from its context on first use. */
export const agreementsCache = held('agreements.lists', (ctx) => new AgreementsCache(ctx));
