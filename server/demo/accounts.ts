// Demo accounts: the six people the README names, the demo password and PIN, and how a table of accounts is made.
import type { Language, Role } from '../../contract/constants';
import { e164 } from '../../contract/notifications';
import { hashPassword } from '../auth/passwords';
import { findUsersByUsernames, insertUser, type NewUser } from '../auth/user-accounts';
import type { AppContext } from '../context';

export const DEMO_PASSWORD = 'terroir-demo';
/** The phone PIN of demo accounts with a number (their number counts as proven, for `npm run phone`). */
const DEMO_PIN = '1234';

/**
 * A demo account as a table row: username, role, language, email, phone as [country code, number] (a null number:
 * only the country is known).
 */
export type AccountRow = readonly [
  username: string,
  role: Role,
  language: Language,
  email: string | null,
  phone: readonly [countryCode: string, number: string | null] | null,
];

type DemoAccount = Omit<NewUser, 'usernameKey' | 'passwordHash'> & { role: Role; language: Language };

/** The account of a row (a longer row, such as a person's with more columns, gives its first five). */
export const accountOf = ([username, role, language, email, phone]: readonly [
  ...AccountRow,
  ...unknown[],
]): DemoAccount => ({
  username,
  role,
  language,
  email,
  countryCode: phone?.[0] ?? null,
  phoneNumber: phone?.[1] ?? null,
});

/** Phone numbers in the ranges reserved for examples where one exists, else clearly made up (…000 0xx). */
const DEMO_USER_ROWS: AccountRow[] = [
  ['amina', 'farmer', 'fr', 'amina@example.cm', ['+237', '670 000 001']],
  ['kofi', 'buyer', 'en', 'kofi@example.gh', ['+233', '24 000 0002']],
  ['claire', 'manager', 'fr', 'claire@example.org', null],
  ['yaw', 'delivery', 'en', 'yaw@example.gh', ['+233', '24 000 0003']],
  ['fatou', 'agent', 'fr', 'fatou@example.sn', ['+221', '77 000 0004']],
  // The keeper of the co-operative's store in Dschang (the stock demo).
  ['esther', 'farmer', 'fr', 'esther@example.cm', ['+237', '670 000 006']],
];

/** The demo's people in every role, created first (the README and the browser tests sign in as them). */
export const DEMO_USERS = DEMO_USER_ROWS.map(accountOf);

/**
 * Demo accounts by username, with the demo password (and, with a number, that number proven and the demo PIN),
 * created when missing. With DEMO_DATA this runs at every
 * start, so accounts that exist cost one query and no password hashing.
 */
export async function ensureDemoUsers(ctx: AppContext, accounts: readonly DemoAccount[]) {
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
