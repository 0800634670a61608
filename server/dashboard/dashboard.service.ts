// A user's dashboard: the figures of their role, read across modules (farmer: listings, bids received, farms;
// buyer: orders, saved searches, purchases; other roles: the community's size).

import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { buyerFigures, enrolledUsers, farmerFigures } from './dashboard.repo';

export type DashboardFigures =
  | ({ kind: 'farmer' } & Awaited<ReturnType<typeof farmerFigures>>)
  | ({ kind: 'buyer' } & Awaited<ReturnType<typeof buyerFigures>>)
  | { kind: 'welcome'; role: SessionUser['role']; enrolledUsers: number };

export async function dashboardFigures(
  ctx: AppContext,
  options: { user: Pick<SessionUser, 'id' | 'role'> },
): Promise<DashboardFigures> {
  const { user } = options;
  if (user.role === 'farmer') {
    return { kind: 'farmer', ...(await farmerFigures(ctx.db, user.id)) };
  }
  if (user.role === 'buyer') {
    return { kind: 'buyer', ...(await buyerFigures(ctx.db, user.id)) };
  }
  return { kind: 'welcome', role: user.role, enrolledUsers: await enrolledUsers(ctx.db) };
}
