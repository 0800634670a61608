// Demo data for a fresh embedded database: accounts first; each module adds its own records.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '../../contract/common';
import { findUserByUsername, insertUser } from '../auth/auth.repo';
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

/**
 * A module's demo data lives in `server/<module>/<module>.seed.ts`, exporting `seedOrder` (lower runs first:
 * users 10, farms 20, marketplace 30, network 40, finance 50) and `seed(ctx)`. Every seed is idempotent.
 */
export interface SeedModule {
  seedOrder: number;
  seed(ctx: AppContext): Promise<void>;
}

async function moduleSeeds(): Promise<SeedModule[]> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.seed\.ts$/.test(f));
  const modules = await Promise.all(files.map(async (f) => (await import(join(root, f))) as SeedModule));
  return modules.sort((a, b) => a.seedOrder - b.seedOrder);
}

/** Idempotent: records that already exist are left alone. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    if (!(await findUserByUsername(ctx.db, demo.username))) {
      await insertUser(ctx.db, { ...demo, passwordHash, email: demo.email ?? null });
    }
  }
  for (const module of await moduleSeeds()) {
    await module.seed(ctx);
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
