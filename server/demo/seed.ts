// Demo data for a fresh embedded database, all of it in server/demo/: accounts first, then each subject's tables
// in the order they refer to each other. Start-up only.
import { anyUserExists } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { DEMO_USERS, ensureDemoUsers } from './accounts';

export async function shouldSeed(ctx: AppContext): Promise<boolean> {
  if (ctx.config.demoData !== undefined) {
    return ctx.config.demoData;
  }
  if (ctx.database.kind !== 'pglite') {
    return false;
  }
  return !(await anyUserExists(ctx.db));
}

/** One subject's demo data: a file of `server/demo/` that exports an idempotent `seed(ctx)`. */
interface DemoStep {
  seed(ctx: AppContext): Promise<void>;
}

/**
 * In the order they run: accounts first, then what refers to them (farms, listings, orders, posts, books). Listed
 * rather than found on disk so that the built server (scripts/build-server.mjs) bundles them; loaded only when
 * seeding.
 */
const STEPS: (() => Promise<DemoStep>)[] = [
  () => import('./users'),
  () => import('./farm'),
  () => import('./market'),
  () => import('./orders'),
  () => import('./payments'),
  () => import('./network'),
  () => import('./finance'),
  // After the finance demo, which books a farm's year only while its books are empty.
  () => import('./crops'),
  // After the crops demo, whose harvest made amina's home store and its first lots; after fatou became her agent.
  () => import('./stock'),
  // After the stock demo (esther keeps its store in Dschang), the market (a maize price) and kofi's first payments.
  () => import('./coops'),
  // After the orders (kofi's proven number paying), the crops (amina's maize plan) and the co-operatives (its
  // account sells): kofi's forward agreements in every state.
  () => import('./agreements'),
  // After the co-operatives demo: its members' reading is what its admin counts.
  () => import('./lessons'),
  // After the lessons (a training links one) and the co-operatives (their collection day and assembly).
  () => import('./demo-calendar'),
  // Last: every demo farm and crop plan exists, so each farm's cell gets its generated weather and amina her alert.
  () => import('./weather'),
];

/** Idempotent: records that already exist are left alone. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await ensureDemoUsers(ctx, DEMO_USERS);
  for (const load of STEPS) {
    await (await load()).seed(ctx);
  }
}
