// Demo and first accounts: the demo users with the demo password, and the manager a deployment starts with.
import type { Role } from '../../contract/constants';
import { e164 } from '../../contract/notifications';
import type { AppContext } from '../context';
import { hashPassword } from './passwords';
import { findUserByUsername, findUsersByUsernames, insertUser, type NewUser } from './user-accounts';

export const DEMO_PASSWORD = 'terroir-demo';
/** The phone PIN of demo accounts with a number (their number counts as proven, for `npm run phone`). */
export const DEMO_PIN = '1234';

/** Phone numbers in the ranges reserved for examples where one exists, else clearly made up (…000 0xx). */
export const DEMO_USERS: {
  username: string;
  role: Role;
  language: 'en' | 'fr';
  email?: string;
  phoneNumber?: string;
  countryCode?: string;
}[] = [
  {
    username: 'amina',
    role: 'farmer',
    language: 'fr',
    email: 'amina@example.cm',
    countryCode: '+237',
    phoneNumber: '670 000 001',
  },
  {
    username: 'kofi',
    role: 'buyer',
    language: 'en',
    email: 'kofi@example.gh',
    countryCode: '+233',
    phoneNumber: '24 000 0002',
  },
  { username: 'claire', role: 'manager', language: 'fr', email: 'claire@example.org' },
  {
    username: 'yaw',
    role: 'delivery',
    language: 'en',
    email: 'yaw@example.gh',
    countryCode: '+233',
    phoneNumber: '24 000 0003',
  },
  {
    username: 'fatou',
    role: 'agent',
    language: 'fr',
    email: 'fatou@example.sn',
    countryCode: '+221',
    phoneNumber: '77 000 0004',
  },
];

/**
 * Demo accounts by username, with the demo password (and, with a number, that number proven and the demo PIN),
 * created when missing. With DEMO_DATA this runs at every
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
  let pinHash: string | null = null;
  for (const account of accounts) {
    if (!found.has(account.username)) {
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      pinHash ??= await hashPassword(DEMO_PIN);
      const phone =
        account.countryCode && account.phoneNumber
          ? {
              verifiedPhone: e164(account.countryCode, account.phoneNumber),
              phoneVerifiedVia: 'sms' as const,
              pinHash,
            }
          : {};
      const user = await insertUser(ctx.db, { ...account, ...phone, passwordHash });
      if (!user) {
        throw new Error(`demo account ${account.username} is refused: a look-alike name exists`);
      }
      found.set(account.username, user);
    }
  }
  return found;
}

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
