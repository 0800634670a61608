// Signed-in users by session token, kept a few seconds in memory; a 'user' event on any instance drops that user's.
import type { EventBus } from '../events/bus';
import type { SessionUser } from '../http/access';
import { held } from '../module';

/** The backstop if a NOTIFY is lost: the bus normally drops an entry within milliseconds of the write. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  expires: number;
  /** The user's generation when the lookup started: a drop during the lookup discards its result. */
  generation: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    bus: EventBus,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    // Role, language, password and sessions changes all publish a 'user' event for the user they concern.
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type === 'user') {
        this.dropUser(event.userId ?? event.id);
      }
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The cached user for this token, or the lookup's result (cached unless the user changed meanwhile). */
  async find(token: string, lookup: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    // Keyed by the token itself: it never leaves this process, and hashing it would cost more than the rest.
    const key = token;
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now && hit.generation === this.generationOf(hit.user.id)) {
      return hit.user;
    }
    if (hit) {
      this.entries.delete(key);
    }
    const before = this.maxGeneration;
    const user = await lookup();
    if (user && this.maxGenerationSince(before, user.id)) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear();
      }
      this.entries.set(key, { user, expires: now + this.ttlMs, generation: this.generationOf(user.id) });
    }
    return user;
  }

  /** Forgets every cached session of this user (call after the write commits; other instances hear the event). */
  dropUser(userId: number): void {
    this.maxGeneration += 1;
    this.generations.set(userId, this.maxGeneration);
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId) {
        this.entries.delete(key);
      }
    }
    if (this.generations.size > MAX_ENTRIES) {
      // Forgotten users count as dropped now, so no lookup already under way is kept.
      this.floor = this.maxGeneration;
      this.generations.clear();
      this.entries.clear();
    }
  }

  private maxGeneration = 0;
  private floor = 0;

  private generationOf(userId: number): number {
    return this.generations.get(userId) ?? this.floor;
  }

  /** True when this user was not dropped after `before` (so the lookup cannot predate a change). */
  private maxGenerationSince(before: number, userId: number): boolean {
    return this.generationOf(userId) <= before;
  }
}

/** This instance's SessionCache, built from its context on first use. */
export const sessionCache = held('auth.sessions', (ctx) => new SessionCache(ctx.bus));
