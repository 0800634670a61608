import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarm, farmInput, userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('farms', () => {
  it('lets a farmer create a farm, owned by them and listed as theirs', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    expect(farm).toMatchObject({ ownerId: farmer.user.id, size: 2.5, crop: 'maize', myRole: 'owner' });
    const list = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/farms' });
    expect(list.json().map((f: { id: number }) => f.id)).toEqual([farm.id]);
  });

  it('refuses buyers (403) and bad input (400 naming the field)', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const res = await call(t.app, buyer.cookie, { method: 'POST', url: '/api/farms', payload: farmInput() });
    expect(res.statusCode).toBe(403);
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    for (const [field, value] of [
      ['size', 0],
      ['latitude', 91],
      ['crop', 'tulips'],
      ['plantingDate', '2026-02-30'],
    ] as const) {
      const bad = await call(t.app, farmer.cookie, {
        method: 'POST',
        url: '/api/farms',
        payload: farmInput({ [field]: value }),
      });
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().issues[0].path).toBe(field);
    }
    const crop = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/farms',
      payload: farmInput({ crop: 'tulips' }),
    });
    expect(crop.json().message).toContain('maize');
    expect((await call(t.app, farmer.cookie, { method: 'GET', url: '/api/farms' })).json()).toEqual([]);
  });

  it('hides a farm from non-members (404) and keeps viewers read-only (403)', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const stranger = await userWithRole(t.app, t.ctx, 'manager');
    const hidden = await call(t.app, stranger.cookie, { method: 'GET', url: `/api/farms/${farm.id}` });
    expect(hidden.statusCode).toBe(404);
    const missing = await call(t.app, stranger.cookie, { method: 'GET', url: '/api/farms/999999' });
    expect(missing.json()).toEqual(hidden.json());

    const add = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: stranger.user.id, role: 'viewer' },
    });
    expect(add.statusCode).toBe(201);
    const seen = await call(t.app, stranger.cookie, { method: 'GET', url: `/api/farms/${farm.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().myRole).toBe('viewer');
    const edit = await call(t.app, stranger.cookie, {
      method: 'PATCH',
      url: `/api/farms/${farm.id}`,
      payload: { name: 'Mine now' },
    });
    expect(edit.statusCode).toBe(403);
    const addMore = await call(t.app, stranger.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: stranger.user.id, role: 'manager' },
    });
    expect(addMore.statusCode).toBe(403);
    const ownerEdit = await call(t.app, owner.cookie, {
      method: 'PATCH',
      url: `/api/farms/${farm.id}`,
      payload: { name: 'Ferme Amina', size: 3 },
    });
    expect(ownerEdit.json()).toMatchObject({ name: 'Ferme Amina', size: 3 });
  });

  it('rejects bad farm ids with 400', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    for (const id of ['abc', '-1', '0', '123456789012345678901']) {
      const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
  });
});
