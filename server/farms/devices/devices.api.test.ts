// Device keys through the real server: a key shown once, readings posted with it without a session, revoking it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithRole } from '../../test/factories';
import { farmDataKit, weather } from '../../test/farm-data';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { farmWithOwner, member, post, analytics } = farmDataKit(() => t);

describe('devices', () => {
  it('creates a key shown once, ingests with it without a session, and revokes it', async () => {
    const { owner, farm } = await farmWithOwner();
    const created = await post(owner.cookie, `/api/farms/${farm.id}/devices`, { name: 'Station nord' });
    expect(created.statusCode).toBe(201);
    const { key, id } = created.json();
    expect(key).toMatch(/^trd_\d+_/);
    const list = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/devices` });
    expect(list.json()).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(key);

    const send = (bearer: string) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/devices/sensor-data',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { readings: weather(1) },
      });
    expect((await send(key)).statusCode).toBe(201);
    expect((await analytics(owner.cookie, farm.id)).latestReadingAt).not.toBeNull();
    const wrong = await send(`${key.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect((await send('nonsense')).statusCode).toBe(401);

    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, `/api/farms/${farm.id}/devices`, { name: 'x' })).statusCode).toBe(403);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const revokeUrl = `/api/farms/${farm.id}/devices/${id}`;
    expect((await call(t.app, stranger.cookie, { method: 'DELETE', url: revokeUrl })).statusCode).toBe(404);
    expect((await call(t.app, owner.cookie, { method: 'DELETE', url: revokeUrl })).statusCode).toBe(204);
    expect((await send(key)).statusCode).toBe(401);
    const after = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/devices` });
    expect(after.json()[0].revokedAt).not.toBeNull();
    expect(after.json()[0].lastUsedAt).not.toBeNull();
  });
});
