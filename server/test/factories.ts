// Test data built through the real API (and, for roles only a manager grants, directly in the database).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../contract/constants';
import type { TFarm } from '../../contract/farms';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { call, registerUser, type Session } from './harness';

export async function userWithRole(app: FastifyInstance, ctx: AppContext, role: Role) {
  const session = await registerUser(app, { role: role === 'buyer' ? 'buyer' : 'farmer' });
  if (role !== 'buyer' && role !== 'farmer') {
    await ctx.db.update(users).set({ role }).where(eq(users.id, session.user.id));
    session.user = { ...session.user, role };
  }
  return session;
}

export const farmInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ferme de Bafoussam',
  size: 2.5,
  latitude: 5.48,
  longitude: 10.42,
  elevation: 1450,
  crop: 'maize',
  plantingDate: '2026-03-15',
  ...overrides,
});

export async function createFarm(
  app: FastifyInstance,
  owner: Session,
  overrides: Record<string, unknown> = {},
) {
  const res = await call(app, owner.cookie, {
    method: 'POST',
    url: '/api/farms',
    payload: farmInput(overrides),
  });
  if (res.statusCode !== 201) {
    throw new Error(`farm create failed: ${res.statusCode} ${res.body}`);
  }
  return res.json<TFarm>();
}
