// The permission matrix: which roles may do which action. Routes name an action; the guard asks this table.
import type { Role } from '../../contract/common';

export const PERMISSIONS = {
  'users.setRole': ['manager'],
  'farms.create': ['farmer', 'manager'],
  'commodities.create': ['farmer'],
  'bids.create': ['buyer'],
  'commodityRequests.create': ['buyer'],
  'savedSearches.manage': ['buyer'],
  'posts.moderate': ['manager'],
  'users.viewContact': ['manager', 'agent'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** What a route requires: anyone, any signed-in user, or a role allowed to do an action. */
export type Access = 'public' | 'user' | Action;

export function can(role: Role, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[]).includes(role);
}
