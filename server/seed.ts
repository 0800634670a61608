// Demo data for a fresh embedded database: accounts first; each module adds its own records. Start-up only.

import { DEMO_USERS, ensureDemoUsers } from './auth/demo-accounts';
import { anyUserExists } from './auth/user-accounts';
import type { AppContext } from './context';

export async function shouldSeed(ctx: AppContext): Promise<boolean> {
  if (ctx.config.demoData !== undefined) {
    return ctx.config.demoData;
  }
  if (ctx.database.kind !== 'pglite') {
    return false;
  }
  return !(await anyUserExists(ctx.db));
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
  () => import('./users/users.seed'),
  () => import('./farms/farms.seed'),
  () => import('./marketplace/marketplace.seed'),
  () => import('./orders/orders.seed'),
  () => import('./network/network.seed'),
  () => import('./finance/finance.seed'),
];

/** Idempotent: records that already exist are left alone. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await ensureDemoUsers(
    ctx,
    DEMO_USERS.map((demo) => ({
      ...demo,
      email: demo.email ?? null,
      phoneNumber: demo.phoneNumber ?? null,
      countryCode: demo.countryCode ?? null,
    })),
  );
  for (const load of MODULE_SEEDS) {
    await (await load()).seed(ctx);
  }
}
