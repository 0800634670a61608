// What the farm guard checked (the farm and the caller's role on it), kept a few seconds per instance for reads and
// dropped by the farm's events; writes always read membership from the database.
import type { FarmMemberRole } from '../../contract/farms';
import type { EventBus } from '../events/bus';
import { held } from '../module';
import type { farms } from './farms.schema';

export type FarmRow = typeof farms.$inferSelect;
/** The farm a route acts on and the caller's role on it, as the guard checked them. */
export interface FarmAccess {
  farm: FarmRow;
  role: FarmMemberRole;
}

/**
 * The backstop if a NOTIFY is lost (as for sessions): a member removed on another instance is normally dropped
 * within milliseconds, by the removal's 'farm' event.
 */
export const FARM_ACCESS_MAX_AGE_MS = 5_000;
/** Farms kept at once: past it the cache starts afresh. */
const MAX_FARMS = 5_000;
/** Members kept per farm: past it the farm's entries start afresh. */
const MAX_MEMBERS_PER_FARM = 200;

interface Entry {
  access: FarmAccess;
  at: number;
}

export class FarmAccessCache {
  private readonly farms = new Map<number, Map<number, Entry>>();
  /** Bumped by every drop of a farm: a lookup under way during a drop is answered but not kept. */
  private readonly generations = new Map<number, number>();

  constructor(bus: Pick<EventBus, 'subscribe'>) {
    // Members added, removed or changed, the farm renamed or deleted, its books changed: all publish 'farm'.
    bus.subscribe((event) => {
      if (event.type === 'farm') {
        this.drop(event.id);
      }
    });
  }

  /** Called by this instance's membership writes right after commit (other instances hear the NOTIFY). */
  drop(farmId: number): void {
    this.farms.delete(farmId);
    this.generations.set(farmId, (this.generations.get(farmId) ?? 0) + 1);
  }

  /** The caller's access to the farm: from memory when checked in the last seconds, else `load`'s (non-members are never kept). */
  async get(
    farmId: number,
    userId: number,
    load: () => Promise<FarmAccess | null>,
    now = Date.now(),
  ): Promise<FarmAccess | null> {
    const hit = this.farms.get(farmId)?.get(userId);
    if (hit && now - hit.at < FARM_ACCESS_MAX_AGE_MS) {
      return hit.access;
    }
    const generation = this.generations.get(farmId) ?? 0;
    const access = await load();
    if (access && (this.generations.get(farmId) ?? 0) === generation) {
      this.keep(farmId, userId, { access, at: now });
    }
    return access;
  }

  private keep(farmId: number, userId: number, entry: Entry): void {
    let members = this.farms.get(farmId);
    if (!members) {
      if (this.farms.size >= MAX_FARMS) {
        this.farms.clear();
      }
      members = new Map();
      this.farms.set(farmId, members);
    }
    if (members.size >= MAX_MEMBERS_PER_FARM) {
      members.clear();
    }
    members.set(userId, entry);
  }
}

/** This instance's FarmAccessCache, built from its context on first use. */
export const farmAccessCache = held('farms.access', (ctx) => new FarmAccessCache(ctx.bus));
