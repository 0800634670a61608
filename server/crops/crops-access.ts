// Who may read and change a farm's crops: its members by their farm role, and an agent for the farmers they
// represent (as a manager would). Anyone else gets 404, so a farm stays secret.
import type { FarmMemberRole } from '../../contract/farms';
import { isActiveAgentOf } from '../agents';
import type { Tx } from '../db/client';
import { type FarmRow, farmWithRole } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { canOnFarm, type FarmAction } from '../http/permissions';

export type CropAction = 'farm.read' | 'farm.crops.plan' | 'farm.crops.work';

/** A farm the caller may act on, and whether they act as an agent for its owner (shown as "recorded by"). */
export interface CropAccess {
  farm: FarmRow;
  role: FarmMemberRole | 'agent';
  byAgent: boolean;
}

/** The farm if the user may do `action` on its crops; 404 when they may not see it, 403 when they may not act. */
export async function cropAccess(
  db: Tx,
  user: Pick<SessionUser, 'id' | 'role'>,
  farmId: number,
  action: CropAction,
): Promise<CropAccess> {
  const found = await farmWithRole(db, farmId, user.id);
  if (!found) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  if (found.role !== null) {
    if (!canOnFarm(found.role, action as FarmAction)) {
      throw new AppError('forbidden', 'errors.farmForbidden');
    }
    return { farm: found.farm, role: found.role, byAgent: false };
  }
  if (user.role === 'agent' && (await isActiveAgentOf(db, user.id, found.farm.ownerId))) {
    return { farm: found.farm, role: 'agent', byAgent: true };
  }
  throw new AppError('notFound', 'errors.farmNotFound');
}
