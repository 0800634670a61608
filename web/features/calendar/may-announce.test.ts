// Who may announce which events: the server's rule (API36, POST /api/calendar) as the form mirrors it.
import { describe, expect, it } from 'vitest';
import { sampleGroup } from './calendar-test-kit';
import { adminGroups, kindsFor, mayAnnounce, publicKinds } from './may-announce';

describe('who may announce what (the server’s rule, mirrored)', () => {
  it('gives managers and agents every public kind, buyers a buyer’s visit, farmers nothing of their own', () => {
    expect(publicKinds('manager')).toEqual([
      'training',
      'field_day',
      'market_day',
      'input_fair',
      'buyer_visit',
    ]);
    expect(publicKinds('agent')).toEqual(publicKinds('manager'));
    expect(publicKinds('buyer')).toEqual(['buyer_visit']);
    expect(publicKinds('farmer')).toEqual([]);
    expect(publicKinds('delivery')).toEqual([]);
  });

  it('gives a group’s admin every kind for their group, collection days and meetings among them', () => {
    expect(kindsFor('farmer', true)).toContain('collection_day');
    expect(kindsFor('farmer', true)).toContain('coop_meeting');
    expect(kindsFor('buyer', false)).toEqual(['buyer_visit']);
    expect(mayAnnounce('farmer', 0)).toBe(false);
    expect(mayAnnounce('farmer', 1)).toBe(true);
    expect(mayAnnounce('buyer', 0)).toBe(true);
  });

  it('counts only the groups the reader is an active admin of', () => {
    const run = sampleGroup(1, 'Coop', 'admin');
    const invited = {
      ...sampleGroup(2, 'Other', 'admin'),
      me: { role: 'admin' as const, status: 'invited' as const },
    };
    expect(adminGroups([run, sampleGroup(3, 'Member', 'member'), invited]).map((g) => g.id)).toEqual([1]);
  });
});
