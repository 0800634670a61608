// The signed-in account as its owner sees it: an explicit pick of fields, never a password hash.
import type { TUser } from '../../contract/auth';
import type { Tx } from '../db/client';
import { findUserById, type UserRow } from './user-accounts';

export function presentUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    phoneNumber: row.phoneNumber,
    countryCode: row.countryCode,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account a page is served to, as the app's first script reads it, or null (gone since the session began). */
export async function presentedAccount(db: Tx, userId: number): Promise<TUser | null> {
  const row = await findUserById(db, userId);
  return row ? presentUser(row) : null;
}
