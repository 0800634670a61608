// A group's members as its Members tab lists them: the active ones by role (admins, store keepers, members) then
// name, and apart those who asked to join and those invited (both seen by admins only), oldest first.
import { GROUP_ROLES, type GroupKind, type GroupRole, type TMember } from '../../../contract/groups';

export interface MemberLists {
  active: TMember[];
  requested: TMember[];
  invited: TMember[];
}

export function splitMembers(members: readonly TMember[], language: string): MemberLists {
  const out: MemberLists = { active: [], requested: [], invited: [] };
  for (const member of members) {
    out[member.status].push(member);
  }
  const rank = (role: GroupRole) => GROUP_ROLES.indexOf(role);
  out.active.sort(
    (a, b) =>
      rank(a.role) - rank(b.role) ||
      a.user.username.localeCompare(b.user.username, language, { sensitivity: 'base' }),
  );
  const oldestFirst = (a: TMember, b: TMember) => a.joinedAt.localeCompare(b.joinedAt);
  out.requested.sort(oldestFirst);
  out.invited.sort(oldestFirst);
  return out;
}

/** The roles a group gives: a store keeper records intakes at a co-operative's stores, so only a co-operative has one. */
export const rolesOf = (kind: GroupKind): GroupRole[] =>
  GROUP_ROLES.filter((role) => role !== 'store_keeper' || kind === 'cooperative');
