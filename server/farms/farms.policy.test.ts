import { describe, expect, it } from 'vitest';
import { FARM_MEMBER_ROLES } from '../../contract/farms';
import { isFarmOwner, mayRemoveMember } from './farms.policy';

describe('farms.policy', () => {
  it('lets every member leave and only the owner remove another member', () => {
    const actor = { id: 7 };
    for (const role of FARM_MEMBER_ROLES) {
      expect(mayRemoveMember(actor, actor.id, role), `${role} leaving`).toBe(true);
      expect(mayRemoveMember(actor, 8, role), `${role} removing another`).toBe(role === 'owner');
    }
  });

  it('names the owner by the farm, not by a role', () => {
    expect(isFarmOwner({ ownerId: 7 }, 7)).toBe(true);
    expect(isFarmOwner({ ownerId: 7 }, 8)).toBe(false);
  });
});
