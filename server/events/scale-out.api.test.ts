// Two app instances on one PostgreSQL (DESIGN §10): sessions and live events work across them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmMembers } from '../farms/farms.schema';
import { createFarm, userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, registerUser, type TestApp } from '../test/harness';
import { type LiveStream, openStream, settle } from '../test/live-stream';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts on one instance a session made on the other, and ends it everywhere at logout', async () => {
    const { user, cookie } = await registerUser(a.app);
    const me = await call(b.app, cookie, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    expect((await call(b.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await call(a.app, cookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('ends within a second a session cached on one instance and signed out on the other', async () => {
    const { cookie } = await registerUser(a.app);
    const status = async () => (await call(a.app, cookie, { method: 'GET', url: '/api/user' })).statusCode;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200);
    expect((await call(b.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    await expect.poll(status, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('delivers a write made on one instance to a live stream open on the other', async () => {
    const { cookie } = await registerUser(b.app);
    const stream = await openStream(b.app, cookie);
    try {
      // The stream on B is open: write on A (a registration is public: the directory shows it to everyone).
      const { user } = await registerUser(a.app);
      await stream.received('user', user.id);
      expect(stream.data).toContain(`{"type":"user","id":${user.id}}`);
    } finally {
      stream.close();
    }
  });

  it("delivers a farm's event written on one instance to its members' streams on the other, and no one else's", async () => {
    const owner = await userWithRole(a.app, a.ctx, 'farmer');
    const farm = await createFarm(a.app, owner);
    const member = await userWithRole(a.app, a.ctx, 'farmer');
    const added = await call(a.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: member.user.id, role: 'viewer' },
    });
    expect(added.statusCode).toBe(201);
    const outsider = await userWithRole(b.app, b.ctx, 'manager');
    const [memberStream, outsiderStream] = await Promise.all([
      openStream(b.app, member.cookie),
      openStream(b.app, outsider.cookie),
    ]);
    const survey = async () => {
      const res = await call(a.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/surveys`,
        payload: { date: '2026-05-01', irrigationMm: 4 },
      });
      expect(res.statusCode).toBe(201);
    };
    const farmEvents = (stream: LiveStream) =>
      stream.events.filter((e) => e.type === 'farm' && e.id === farm.id).length;
    try {
      await survey();
      await memberStream.received('farm', farm.id);
      await settle(a.app, outsiderStream);
      expect(farmEvents(outsiderStream)).toBe(0);
      // Removed on A: B's stream hears nothing more of the farm, with no cache to drop.
      await a.ctx.db
        .delete(farmMembers)
        .where(and(eq(farmMembers.farmId, farm.id), eq(farmMembers.userId, member.user.id)));
      await survey();
      await settle(a.app, memberStream, outsiderStream);
      expect(farmEvents(memberStream)).toBe(1);
      expect(farmEvents(outsiderStream)).toBe(0);
    } finally {
      memberStream.close();
      outsiderStream.close();
    }
  });
});
