import { describe, expect, it } from 'vitest';
import { screenOf } from './screens';

describe('screenOf', () => {
  it('finds a screen by its path, or by the pattern an address with an id matches', () => {
    expect(screenOf('/stock')).toBe('/stock');
    expect(screenOf('/groups/12')).toBe('/groups/:id');
    expect(screenOf('/groups/12/')).toBe('/groups/:id');
    expect(screenOf('/groups')).toBe('/');
    expect(screenOf('/groups/12/members')).toBe('/');
    expect(screenOf('/nowhere')).toBe('/');
    // 'new' is the proposal form, not an agreement's number.
    expect(screenOf('/agreements/new')).toBe('/agreements/new');
    expect(screenOf('/agreements/12')).toBe('/agreements/:id');
  });
});
