// Signed-in users by session token, kept a few seconds in memory; a 'user' event on any instance drops that user's.
import { KeyedCache } from '../cache/keyed-cache';
import type { EventBus } from '../events/bus';
import type { SessionUser } from '../http/access';
import { held } from '../module';

/** The backstop if a NOTIFY is lost: the bus normally drops an entry within milliseconds of the write. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  /** Keyed by the token, grouped by its user (known once looked up); a lookup that finds no session is not kept. */
  private readonly users: KeyedCache<SessionUser | null, string, number>;

  constructor(bus: EventBus, ttlMs = SESSION_CACHE_TTL_MS) {
    this.users = new KeyedCache({
      maxEntries: MAX_ENTRIES,
      maxAgeMs: ttlMs,
      keep: (user) => user !== null,
      // Asked only of a kept value, so never of a null.
      groupOf: (user) => user?.id ?? 0,
    });
    // Role, language, password and sessions changes all publish a 'user' event for the user they concern.
    this.users.dropOn(bus, (event) => (event.type === 'user' ? { group: event.userId ?? event.id } : null));
  }

  stop(): void {
    this.users.stop();
  }

  /** The cached user for this token, or the lookup's result (cached unless the user changed meanwhile). */
  find(token: string, lookup: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    // Keyed by the token itself: it never leaves this process, and hashing it would cost more than the rest.
    return this.users.get(token, lookup);
  }

  /** Forgets every cached session of this user (call after the write commits; other instances hear the event). */
  dropUser(userId: number): void {
    this.users.dropGroup(userId);
  }
}

/** This instance's SessionCache, built from its context on first use. */
export const sessionCache = held('auth.sessions', (ctx) => new SessionCache(ctx.bus));
