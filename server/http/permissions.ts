// The permission matrices: which platform roles, and which farm roles, may do which action. Routes name an action.
import type { Role } from '../../contract/constants';
import { FARM_CREATOR_ROLES, type FarmMemberRole } from '../../contract/farms';

export const PERMISSIONS = {
  'users.setRole': ['manager'],
  'farms.create': FARM_CREATOR_ROLES,
  'commodities.create': ['farmer', 'agent'],
  'bids.create': ['buyer'],
  'commodityRequests.create': ['buyer'],
  'savedSearches.manage': ['buyer'],
  'posts.moderate': ['manager'],
  'users.viewContact': ['manager', 'agent'],
  'orders.resolveDisputes': ['manager'],
  'operations.read': ['manager'],
  'agentLinks.request': ['agent'],
  'commissions.read': ['agent'],
  'ratings.moderate': ['manager'],
  /** A driver's own earnings from delivery fees. */
  'earnings.read': ['delivery'],
  'catalogue.manage': ['manager'],
  /** Payouts that wait for a manager: retried, or recorded as made by other means; the operator's escrow. */
  'payouts.manage': ['manager'],
  /** Co-operative stores and warehouses (a farmer's own home store is theirs to open). */
  'stores.openShared': ['manager'],
  /** Naming the experts who write and review lessons (managers write and review them too). */
  'lessons.experts': ['manager'],
  /** How many of the farmers an agent represents read each lesson (counts, never who). */
  'lessons.agentCounts': ['agent'],
  /** A forward agreement is a buyer's proposal to a farmer or a co-operative. */
  'agreements.propose': ['buyer'],
  /** Deciding how a disputed forward agreement ends. */
  'agreements.resolve': ['manager'],
  /** Announcing a public event of any kind (a group's admins announce their group's; buyers their visits). */
  'calendar.announce': ['manager', 'agent'],
  /** Announcing a buyer's visit (public). */
  'calendar.announceVisit': ['buyer'],
  /** Changing, cancelling and checking people in at any event. */
  'calendar.manageAny': ['manager'],
  /** Checking people in at an event they may see, and reading who answered (agents work at events). */
  'calendar.checkIn': ['agent', 'manager'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** What a route requires: anyone, any signed-in user, or a role allowed to do an action. */
export type Access = 'public' | 'user' | Action;

export function can(role: Role, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[]).includes(role);
}

/**
 * Who acts on a farm: its members by their role, and 'agent', an agent acting for the farm's owner whom they
 * represent now (an active agent link), on the actions that name it.
 */
export type FarmActorRole = FarmMemberRole | 'agent';

/** Which farm roles may do which farm action; a farm route names one in `config.farm` (farms/farm-access checks it). */
export const FARM_PERMISSIONS = {
  'farm.read': ['owner', 'manager', 'worker', 'viewer'],
  'farm.update': ['owner', 'manager'],
  'farm.members': ['owner'],
  'farm.sensors.write': ['owner', 'manager', 'worker'],
  'farm.devices': ['owner', 'manager'],
  'farm.surveys.write': ['owner', 'manager', 'worker'],
  'farm.analytics.generate': ['owner', 'manager', 'worker'],
  'farm.finance.read': ['owner', 'manager', 'worker', 'viewer'],
  'farm.finance.write': ['owner', 'manager'],
  /** Plots, crop plans, tasks and harvests: every member, and the owner's agent (who records for them). */
  'farm.crops.read': ['owner', 'manager', 'worker', 'viewer', 'agent'],
  /** Plots, crop plans and their inputs (money in the books): those who run the farm. */
  'farm.crops.plan': ['owner', 'manager', 'agent'],
  /** Tasks and harvests: those who work the fields too. */
  'farm.crops.work': ['owner', 'manager', 'worker', 'agent'],
} as const satisfies Record<string, readonly FarmActorRole[]>;

export type FarmAction = keyof typeof FARM_PERMISSIONS;

export function canOnFarm(role: FarmActorRole, action: FarmAction): boolean {
  return (FARM_PERMISSIONS[action] as readonly FarmActorRole[]).includes(role);
}
