// Whose lesson reading a co-operative's admin may count (the lessons module asks through the face): the
// co-operative's other active members. The group's access rules answer the rest: a caller who may not read the
// group gets a 404, a member who is not its admin a 403, a discussion group a 404 (only co-operatives are counted).
import type { Tx } from '../db/client';
import { type Actor, coopFor } from './group-access';
import { activeMemberIds } from './groups.repo';

export async function membersCountedBy(db: Tx, admin: Actor, groupId: number): Promise<number[]> {
  await coopFor(db, admin, groupId, 'manage');
  return (await activeMemberIds(db, groupId)).filter((id) => id !== admin.id);
}
