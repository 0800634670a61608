// Per-object rules on a farm's members: who may end whose membership, and the owner whose membership is fixed.
import type { FarmMemberRole } from '../../contract/farms';
import { canOnFarm } from '../http/permissions';

type Farm = { ownerId: number };
type Actor = { id: number };

/** The owner's membership is fixed: no role is granted to them, and they never leave nor are removed. */
export function isFarmOwner(farm: Farm, userId: number): boolean {
  return userId === farm.ownerId;
}

/** A member may leave (the target is themself); removing another member takes the 'farm.members' farm action. */
export function mayRemoveMember(actor: Actor, targetUserId: number, role: FarmMemberRole): boolean {
  return targetUserId === actor.id || canOnFarm(role, 'farm.members');
}
