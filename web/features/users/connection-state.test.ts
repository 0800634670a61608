// Any connection with a member, whoever asked and whatever came of it, is known: the directory offers no second one.
import { describe, expect, it } from 'vitest';
import type { TConnection } from '../../../contract/network';
import { connectionStates } from './connection-state';

const ME = { id: 1, username: 'me' };
const person = (id: number) => ({ id, username: `user${id}` });
const connection = (id: number, status: TConnection['status'], follower = ME, following = person(id)) => ({
  id,
  status,
  createdAt: '2026-11-22T10:00:00Z',
  follower,
  following,
});

describe('connectionStates', () => {
  it('knows whom I asked, who asked me, and how it went', () => {
    const states = connectionStates({
      following: [connection(2, 'accepted'), connection(3, 'pending'), connection(4, 'declined')],
      followers: [connection(5, 'pending', person(5), ME), connection(6, 'accepted', person(6), ME)],
    });
    expect(Object.fromEntries(states)).toEqual({
      2: 'connected',
      3: 'sent',
      4: 'declined',
      5: 'received',
      6: 'connected',
    });
    expect(states.has(7)).toBe(false);
  });
});
