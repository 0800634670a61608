// Test helpers for groups and co-operatives: a co-operative with its admin, active members, a store keeper and a
// store, built through the real API (invitations accepted by each invitee), and a member invited and accepted.
import type { FastifyInstance } from 'fastify';
import type { GroupRole, TGroup, TIntake, TMember } from '../../contract/groups';
import type { TStore } from '../../contract/stock';
import type { AppContext } from '../context';
import type { Send } from './agent-sale';
import { userWithRole } from './factories';
import { ok, type Session } from './harness';

export interface Coop {
  group: TGroup;
  admin: Session;
  members: Session[];
  keeper: Session;
  store: TStore;
}

/** An admin invites `who` (as `role`, member unless said) and `who` accepts: their membership. */
export async function joinByInvitation(
  send: Send,
  groupId: number,
  admin: Session,
  who: Session,
  role: GroupRole = 'member',
): Promise<TMember> {
  await ok(await send(admin, 'POST', `/api/groups/${groupId}/members`, { userId: who.user.id, role }), 201);
  return ok<TMember>(
    await send(who, 'POST', `/api/groups/${groupId}/members/${who.user.id}/decision`, { accept: true }),
  );
}

/**
 * A co-operative made by a new farmer (its admin), with `members` active members (3 unless said), an active store
 * keeper and one store (opened after the keeper joined, so the keeper keeps it). `body` adds to the group's input.
 */
export async function makeCoop(
  t: { app: FastifyInstance; ctx: AppContext },
  send: Send,
  options: { members?: number; body?: Record<string, unknown> } = {},
): Promise<Coop> {
  const admin = await userWithRole(t.app, t.ctx, 'farmer');
  const created = await ok<TGroup>(
    await send(admin, 'POST', '/api/groups', {
      name: 'Coop Menoua',
      kind: 'cooperative',
      region: 'West',
      crops: ['Maize'],
      ...options.body,
    }),
    201,
  );
  const members: Session[] = [];
  for (let i = 0; i < (options.members ?? 3); i++) {
    const member = await userWithRole(t.app, t.ctx, 'farmer');
    await joinByInvitation(send, created.id, admin, member);
    members.push(member);
  }
  const keeper = await userWithRole(t.app, t.ctx, 'farmer');
  await joinByInvitation(send, created.id, admin, keeper, 'store_keeper');
  const store = await ok<TStore>(
    await send(admin, 'POST', `/api/groups/${created.id}/stores`, {
      name: 'Magasin Dschang',
      location: 'Dschang',
    }),
    201,
  );
  const group = await ok<TGroup>(await send(admin, 'GET', `/api/groups/${created.id}`));
  return { group, admin, members, keeper, store };
}

/** `who` (the keeper, usually) records an intake for `member`: 0.3 t of grade B maize in the co-op's store unless said. */
export async function intakeFor(
  send: Send,
  coop: Coop,
  who: Session,
  member: Session,
  body: Record<string, unknown> = {},
): Promise<TIntake> {
  return ok<TIntake>(
    await send(who, 'POST', `/api/groups/${coop.group.id}/intakes`, {
      memberId: member.user.id,
      crop: 'Maize',
      grade: 'B',
      quantity: 0.3,
      storeId: coop.store.id,
      ...body,
    }),
    201,
  );
}
