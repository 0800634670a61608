import { describe, expect, it } from 'vitest';
import type { TDirectoryUser } from '../../../contract/users';
import { inviteesOf, userNumberOf } from './invitee';

const user = (id: number, username: string): TDirectoryUser => ({
  id,
  username,
  role: 'farmer',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('inviteesOf', () => {
  it('offers the matches by name that are not in the group yet', () => {
    expect(inviteesOf('am', [user(1, 'amina'), user(2, 'amadou')], new Set([2]))).toEqual([
      { id: 1, username: 'amina' },
    ]);
  });

  it('offers a typed user number, by name when the directory knows it', () => {
    expect(inviteesOf('#12', [], new Set())).toEqual([{ id: 12, username: null }]);
    expect(inviteesOf('12', [user(12, 'moussa'), user(120, 'x12')], new Set())).toEqual([
      { id: 12, username: 'moussa' },
      { id: 120, username: 'x12' },
    ]);
    expect(inviteesOf('12', [], new Set([12]))).toEqual([]);
  });

  it('reads only whole positive numbers as a user number', () => {
    expect(userNumberOf(' # 7 ')).toBe(7);
    expect(userNumberOf('0')).toBeNull();
    expect(userNumberOf('7a')).toBeNull();
    expect(userNumberOf('')).toBeNull();
  });
});
