// Demo data for a fresh embedded database: accounts first; each module adds its own records.
import type { Role } from '../../contract/common';
import { findUserByUsername, findUsersByUsernames, insertUser, type NewUser } from '../auth/auth.repo';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { users } from '../db/schema';

export const DEMO_PASSWORD = 'terroir-demo';

export const DEMO_USERS: { username: string; role: Role; language: 'en' | 'fr'; email?: string }[] = [
  { username: 'amina', role: 'farmer', language: 'fr', email: 'amina@example.cm' },
  { username: 'kofi', role: 'buyer', language: 'en', email: 'kofi@example.gh' },
  { username: 'claire', role: 'manager', language: 'fr', email: 'claire@example.org' },
];

export async function shouldSeed(ctx: AppContext): Promise<boolean> {
  if (ctx.config.demoData !== undefined) {
    return ctx.config.demoData;
  }
  if (ctx.database.kind !== 'pglite') {
    return false;
  }
  const [any] = await ctx.db.select({ id: users.id }).from(users).limit(1);
  return any === undefined;
}

/** A module's demo data: `server/<module>/<module>.seed.ts` exports an idempotent `seed(ctx)`. */
interface SeedModule {
  seed(ctx: AppContext): Promise<void>;
}

/**
 * In the order they run: accounts first, then what refers to them (farms, listings, posts, books). Listed rather than
 * found on disk so that the built server (scripts/build-server.mjs) bundles them; loaded only when seeding.
 */
const MODULE_SEEDS: (() => Promise<SeedModule>)[] = [
  () => import('../users/users.seed'),
  () => import('../farms/farms.seed'),
  () => import('../marketplace/marketplace.seed'),
  () => import('../network/network.seed'),
  () => import('../finance/finance.seed'),
];

/**
 * Demo accounts by username, with the demo password, created when missing. With DEMO_DATA this runs at every
 * start, so accounts that exist cost one query and no password hashing.
 */
export async function ensureDemoUsers(
  ctx: AppContext,
  accounts: readonly Omit<NewUser, 'usernameKey' | 'passwordHash'>[],
) {
  const found = await findUsersByUsernames(
    ctx.db,
    accounts.map((account) => account.username),
  );
  let passwordHash: string | null = null;
  for (const account of accounts) {
    if (!found.has(account.username)) {
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      const user = await insertUser(ctx.db, { ...account, passwordHash });
      if (user) {
        found.set(account.username, user);
      }
    }
  }
  return found;
}

/** Idempotent: records that already exist are left alone. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await ensureDemoUsers(
    ctx,
    DEMO_USERS.map((demo) => ({ ...demo, email: demo.email ?? null })),
  );
  for (const load of MODULE_SEEDS) {
    await (await load()).seed(ctx);
  }
}

/** ADMIN_USERNAME/ADMIN_PASSWORD: how a deployment gets its first manager. */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin || (await findUserByUsername(ctx.db, admin.username))) {
    return;
  }
  await insertUser(ctx.db, {
    username: admin.username,
    passwordHash: await hashPassword(admin.password),
    role: 'manager',
  });
}
