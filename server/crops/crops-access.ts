// Who may read and change a farm's crops, for routes that name a plan or a task rather than the farm (the farm
// routes declare their action to the farm guard): the same rule, read in the caller's transaction. Anyone else gets
// 404, so a farm stays secret.
import type { Tx } from '../db/client';
import { agentAccess, type FarmRow, farmWithRole } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { canOnFarm, type FarmActorRole } from '../http/permissions';

export type CropAction = 'farm.crops.read' | 'farm.crops.plan' | 'farm.crops.work';

/** A farm the caller may act on, and their role on it ('agent': for the owner they represent). */
export interface CropAccess {
  farm: FarmRow;
  role: FarmActorRole;
}

/** The farm if the user may do `action` on its crops; 404 when they may not see it, 403 when they may not act. */
export async function cropAccess(
  db: Tx,
  user: Pick<SessionUser, 'id' | 'role'>,
  farmId: number,
  action: CropAction,
): Promise<CropAccess> {
  const found = await farmWithRole(db, farmId, user.id);
  const access =
    found?.role !== null && found?.role !== undefined
      ? { farm: found.farm, role: found.role }
      : await agentAccess(db, user, farmId, action);
  if (!access) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  if (!canOnFarm(access.role, action)) {
    throw new AppError('forbidden', 'errors.farmForbidden');
  }
  return access;
}
