// Whom an admin's search may invite: the directory's matches, and a person named by their number ('12', '#12') when
// the admin knows it rather than the name.
import type { TDirectoryUser } from '../../../contract/users';

export interface Invitee {
  id: number;
  /** Their name, or null when only their number is known. */
  username: string | null;
}

const USER_NUMBER = /^#?\s*(\d{1,9})$/;

/** The user number a search is, or null. */
export function userNumberOf(search: string): number | null {
  const match = USER_NUMBER.exec(search.trim());
  const id = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The people offered: a typed number first (by name when the directory has it), then the matches by name; members
 * (and those already asked or invited) left out.
 */
export function inviteesOf(
  search: string,
  found: readonly TDirectoryUser[],
  taken: ReadonlySet<number>,
): Invitee[] {
  const out: Invitee[] = [];
  const number = userNumberOf(search);
  if (number !== null && !taken.has(number)) {
    out.push({ id: number, username: found.find((user) => user.id === number)?.username ?? null });
  }
  for (const user of found) {
    if (!taken.has(user.id) && user.id !== number) {
      out.push({ id: user.id, username: user.username });
    }
  }
  return out;
}
