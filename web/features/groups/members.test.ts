import { describe, expect, it } from 'vitest';
import type { TMember } from '../../../contract/groups';
import { rolesOf, splitMembers } from './members';

const member = (id: number, username: string, role: TMember['role'], status: TMember['status'], day = 1) => ({
  user: { id, username },
  name: null,
  role,
  status,
  provenNumber: null,
  joinedAt: `2026-11-${String(day).padStart(2, '0')}T08:00:00.000Z`,
});

describe('splitMembers', () => {
  it('lists admins, then keepers, then members, each by name; requests and invitations apart, oldest first', () => {
    const lists = splitMembers(
      [
        member(1, 'moussa', 'member', 'active'),
        member(2, 'Amina', 'member', 'active'),
        member(3, 'zoe', 'admin', 'active'),
        member(4, 'keeper', 'store_keeper', 'active'),
        member(5, 'late', 'member', 'requested', 9),
        member(6, 'early', 'member', 'requested', 2),
        member(7, 'guest', 'member', 'invited'),
      ],
      'en',
    );
    expect(lists.active.map((m) => m.user.id)).toEqual([3, 4, 2, 1]);
    expect(lists.requested.map((m) => m.user.id)).toEqual([6, 5]);
    expect(lists.invited.map((m) => m.user.id)).toEqual([7]);
  });
});

describe('rolesOf', () => {
  it('gives store keepers to co-operatives only', () => {
    expect(rolesOf('cooperative')).toEqual(['admin', 'store_keeper', 'member']);
    expect(rolesOf('discussion')).toEqual(['admin', 'member']);
  });
});
