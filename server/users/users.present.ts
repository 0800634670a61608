// Presenters for users: an explicit pick of fields, never a password hash.
import type { TUser } from '../../contract/auth';
import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

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
