// What the farm guard checked (the farm and the caller's role on it), kept a few seconds per instance for reads and
// dropped by the farm's events; writes always read membership from the database.

import type { FarmMemberRole } from '../../contract/farms';
import { KeyedCache } from '../cache/keyed-cache';
import type { EventBus } from '../events/bus';
import type { FarmActorRole } from '../http/permissions';
import { held } from '../module';
import type { farms } from './farms.schema';

export type FarmRow = typeof farms.$inferSelect;
/** The farm a route acts on and the caller's role on it, as the guard checked them. */
export interface FarmAccess {
  farm: FarmRow;
  role: FarmMemberRole;
}

/** What the guard let through on an action agents may do too: a member, or ('agent') the owner's agent. */
export interface FarmActorAccess {
  farm: FarmRow;
  role: FarmActorRole;
}

/**
 * The backstop if a NOTIFY is lost (as for sessions): a member removed on another instance is normally dropped
 * within milliseconds, by the removal's 'farm' event.
 */
export const FARM_ACCESS_MAX_AGE_MS = 5_000;
/** Farm-member pairs kept at once, and members per farm: past either, they start afresh. */
const MAX_ENTRIES = 50_000;
const MAX_MEMBERS_PER_FARM = 200;

export class FarmAccessCache {
  /** Keyed by farm and member, grouped by farm; a non-member's answer is never kept. */
  private readonly access = new KeyedCache<FarmAccess | null, string, number>({
    maxEntries: MAX_ENTRIES,
    maxPerGroup: MAX_MEMBERS_PER_FARM,
    maxAgeMs: FARM_ACCESS_MAX_AGE_MS,
    keep: (access) => access !== null,
  });

  constructor(bus: Pick<EventBus, 'subscribe'>) {
    // Members added, removed or changed, the farm renamed or deleted, its books changed: all publish 'farm'.
    this.access.dropOn(bus, (event) => (event.type === 'farm' ? { group: event.id } : null));
  }

  /** Called by this instance's membership writes right after commit (other instances hear the NOTIFY). */
  drop(farmId: number): void {
    this.access.dropGroup(farmId);
  }

  /** The caller's access to the farm: from memory when checked in the last seconds, else `load`'s (non-members are never kept). */
  get(
    farmId: number,
    userId: number,
    load: () => Promise<FarmAccess | null>,
    now = Date.now(),
  ): Promise<FarmAccess | null> {
    return this.access.get(`${farmId}|${userId}`, load, { group: farmId, now });
  }
}

/** This instance's FarmAccessCache, built from its context on first use. */
export const farmAccessCache = held('farms.access', (ctx) => new FarmAccessCache(ctx.bus));
