// The first account: the manager a deployment starts with (ADMIN_USERNAME). The demo's accounts are in server/demo/.
import type { AppContext } from '../context';
import { hashPassword } from './passwords';
import { findUserByUsername, insertUser } from './user-accounts';

/** ADMIN_USERNAME/ADMIN_PASSWORD: how a deployment gets its first manager. */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin || (await findUserByUsername(ctx.db, admin.username))) {
    return;
  }
  const created = await insertUser(ctx.db, {
    username: admin.username,
    passwordHash: await hashPassword(admin.password),
    role: 'manager',
  });
  if (!created) {
    // The name is free case-insensitively but looks like another account's: refused, and said so at start-up.
    throw new Error(`ADMIN_USERNAME ${admin.username} looks like an existing account's name; choose another`);
  }
}
