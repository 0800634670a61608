import { describe, expect, it } from 'vitest';
import type { OutboxItem, OutboxState } from './outbox-item';
import { dependencyGate, itemRef, referencedIds, resolveRequest } from './outbox-placeholders';

const item = (id: string, state: OutboxState, result: unknown = null) =>
  ({ id, state, result }) as OutboxItem;
const lookupOf = (...items: OutboxItem[]) => {
  const byId = new Map(items.map((entry) => [entry.id, entry]));
  return (id: string) => byId.get(id);
};

describe('outbox placeholders', () => {
  const comment = {
    path: `/api/posts/${itemRef('p1', 'id')}/comments`,
    body: { postId: itemRef('p1', 'id'), tags: [itemRef('t1', 'slug')], note: 'plain' },
    dependsOn: null,
  };

  it('finds every item referenced by dependsOn, the path and the body', () => {
    expect(referencedIds({ ...comment, dependsOn: 'd1' }).sort()).toEqual(['d1', 'p1', 't1']);
  });

  it('replaces placeholders with the results, keeping a whole value’s type', () => {
    const lookup = lookupOf(item('p1', 'sent', { id: 42 }), item('t1', 'sent', { slug: 'a b' }));
    expect(resolveRequest(comment, lookup)).toEqual({
      path: '/api/posts/42/comments',
      body: { postId: 42, tags: ['a b'], note: 'plain' },
    });
    const inPath = { path: `/api/tags/${itemRef('t1', 'slug')}`, body: undefined, dependsOn: null };
    expect(resolveRequest(inPath, lookup)?.path).toBe('/api/tags/a%20b');
  });

  it('cannot resolve a result without the field', () => {
    expect(
      resolveRequest(comment, lookupOf(item('p1', 'sent', {}), item('t1', 'sent', { slug: 's' }))),
    ).toBeNull();
  });

  it('is ready when all are sent, waits while one is on its way, refuses when one is refused or gone', () => {
    const sent = item('p1', 'sent', { id: 1 });
    const tag = item('t1', 'sent', { slug: 's' });
    expect(dependencyGate(comment, lookupOf(sent, tag))).toBe('ready');
    expect(dependencyGate(comment, lookupOf(sent, item('t1', 'saved')))).toBe('wait');
    expect(dependencyGate(comment, lookupOf(sent, item('t1', 'auth')))).toBe('wait');
    expect(dependencyGate(comment, lookupOf(sent, item('t1', 'refused')))).toBe('refuse');
    expect(dependencyGate(comment, lookupOf(sent))).toBe('refuse');
  });
});
