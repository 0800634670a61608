import { describe, expect, it } from 'vitest';
import type { TGroup } from '../../../contract/groups';
import { joinAction, sortMyGroups } from './my-groups';

const group = (id: number, name: string, me: TGroup['me'], extra: Partial<TGroup> = {}): TGroup => ({
  id,
  name,
  kind: 'cooperative',
  description: '',
  region: null,
  visibility: 'members',
  crops: [],
  memberCount: 1,
  levyPercent: 0,
  transportPerTon: 0,
  gradeDifferentials: { A: 0, B: 0, C: 0 },
  account: null,
  me,
  can: { read: me?.status === 'active', post: me?.status === 'active', manage: false, keep: false },
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

describe('sortMyGroups', () => {
  it('puts each group under the caller’s place in it, by name, each once', () => {
    const mine = sortMyGroups(
      [
        group(1, 'Zone Menoua', { role: 'member', status: 'active' }),
        group(2, 'élevage Dschang', { role: 'admin', status: 'active' }),
        group(3, 'Coop Bafou', { role: 'member', status: 'invited' }),
        group(4, 'Kékem maize', { role: 'member', status: 'requested' }),
        group(5, 'Strangers', null),
        group(1, 'Zone Menoua', { role: 'member', status: 'active' }),
      ],
      'fr',
    );
    expect(mine.active.map((g) => g.id)).toEqual([2, 1]);
    expect(mine.invited.map((g) => g.id)).toEqual([3]);
    expect(mine.requested.map((g) => g.id)).toEqual([4]);
  });
});

describe('joinAction', () => {
  it('joins a public discussion group at once and asks anything else', () => {
    expect(joinAction(group(1, 'Talk', null, { kind: 'discussion', visibility: 'public' }))).toBe('join');
    expect(joinAction(group(1, 'Talk', null, { kind: 'discussion', visibility: 'members' }))).toBe('ask');
    expect(joinAction(group(1, 'Coop', null))).toBe('ask');
    expect(joinAction(group(1, 'Coop', { role: 'member', status: 'requested' }))).toBe('none');
  });
});
