import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FarmMemberRole, TFarm } from '../../contract/farms';
import { createFarm, userWithRole } from '../test/factories';
import {
  call,
  createTestApp,
  noticesDuring,
  registerUser,
  type Session,
  type TestApp,
} from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function farmWith(roles: readonly Exclude<FarmMemberRole, 'owner'>[]) {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner);
  const members: Session[] = [];
  for (const role of roles) {
    const member = await registerUser(t.app);
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/members`,
      payload: { userId: member.user.id, role },
    });
    expect(res.statusCode).toBe(201);
    members.push(member);
  }
  return { owner, farm, members };
}

const remove = (who: Session, farmId: number, userId: number) =>
  call(t.app, who.cookie, { method: 'DELETE', url: `/api/farms/${farmId}/members/${userId}` });

const farmIdsOf = async (who: Session) =>
  (await call(t.app, who.cookie, { method: 'GET', url: '/api/farms' })).json<TFarm[]>().map((f) => f.id);

const memberIds = async (who: Session, farmId: number) =>
  (await call(t.app, who.cookie, { method: 'GET', url: `/api/farms/${farmId}/members` }))
    .json<{ userId: number }[]>()
    .map((m) => m.userId);

/** Every read of the farm a member had: the farm, its members, analytics and books. */
const FARM_READS = [
  '',
  '/members',
  '/analytics',
  '/surveys',
  '/financials',
  '/transactions',
  '/transactions.csv',
  '/reports',
  '/projections',
];

describe('farm members', () => {
  it('shows an added user the farm in their list, with their role, at once', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const added = await registerUser(t.app);
    const notices = await noticesDuring(t, async () => {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/members`,
        payload: { userId: added.user.id, role: 'worker' },
      });
      expect(res.statusCode).toBe(201);
    });
    // The added user is told at once, on their own stream.
    const addition = notices.find((n) => n.event.type === 'farm' && n.event.id === farm.id);
    expect(addition?.to).toEqual(expect.arrayContaining([owner.user.id, added.user.id]));
    const list = await call(t.app, added.cookie, { method: 'GET', url: '/api/farms' });
    expect(list.json()).toEqual([expect.objectContaining({ id: farm.id, myRole: 'worker' })]);
  });

  it('lets the owner remove a member (204): every farm route is then 404 for them, and a live event says so', async () => {
    const { owner, farm, members } = await farmWith(['manager', 'viewer']);
    const [manager, viewer] = members as [Session, Session];
    for (const tail of FARM_READS) {
      const res = await call(t.app, manager.cookie, { method: 'GET', url: `/api/farms/${farm.id}${tail}` });
      expect(res.statusCode, tail).toBe(200);
    }

    const statuses: number[] = [];
    const notices = await noticesDuring(t, async () => {
      statuses.push((await remove(owner, farm.id, manager.user.id)).statusCode);
    });
    expect(statuses).toEqual([204]);
    // The removed member hears it too (their open pages learn the farm is gone), with those who stay.
    const removal = notices.find((n) => n.event.type === 'farm' && n.event.id === farm.id);
    expect(removal?.to).toEqual(expect.arrayContaining([owner.user.id, viewer.user.id, manager.user.id]));

    // At once: writes read farm access from the database, and the removing instance drops the access it kept for reads.
    const hidden = await call(t.app, manager.cookie, { method: 'GET', url: '/api/farms/999999999' });
    expect(hidden.statusCode).toBe(404);
    for (const tail of FARM_READS) {
      const read = await call(t.app, manager.cookie, { method: 'GET', url: `/api/farms/${farm.id}${tail}` });
      expect(read.statusCode, tail).toBe(404);
      if (tail === '') {
        expect(read.json()).toEqual(hidden.json());
      }
    }
    const write = await call(t.app, manager.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/transactions`,
      payload: { type: 'expense', category: 'seeds', amount: 5, date: '2026-05-01' },
    });
    expect(write.statusCode).toBe(404);
    expect(await farmIdsOf(manager)).toEqual([]);
    expect(await memberIds(owner, farm.id)).toEqual([owner.user.id, viewer.user.id]);
    // The other member keeps their access.
    expect(
      (await call(t.app, viewer.cookie, { method: 'GET', url: `/api/farms/${farm.id}` })).statusCode,
    ).toBe(200);
    // Gone is gone: removing them again is 404.
    expect((await remove(owner, farm.id, manager.user.id)).statusCode).toBe(404);
  });

  it('revokes the device keys a removed member made for the farm', async () => {
    const { owner, farm, members } = await farmWith(['manager']);
    const [manager] = members as [Session];
    const device = await call(t.app, manager.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/devices`,
      payload: { name: 'Station of the manager' },
    });
    expect(device.statusCode).toBe(201);
    const ownerDevice = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/devices`,
      payload: { name: 'Station of the owner' },
    });
    const ingest = (key: string) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/devices/sensor-data',
        headers: { authorization: `Bearer ${key}` },
        payload: { readings: [{ timestamp: new Date().toISOString(), type: 'humidity', value: 60 }] },
      });
    expect((await ingest(device.json().key)).statusCode).toBe(201);
    expect((await remove(owner, farm.id, manager.user.id)).statusCode).toBe(204);
    expect((await ingest(device.json().key)).statusCode).toBe(401);
    expect((await ingest(ownerDevice.json().key)).statusCode).toBe(201);
  });

  it('lets a member leave the farm (their own id): 204, then 404', async () => {
    const { owner, farm, members } = await farmWith(['worker', 'viewer']);
    const [worker, viewer] = members as [Session, Session];
    expect(await farmIdsOf(viewer)).toEqual([farm.id]);
    expect((await remove(viewer, farm.id, viewer.user.id)).statusCode).toBe(204);
    expect(
      (await call(t.app, viewer.cookie, { method: 'GET', url: `/api/farms/${farm.id}` })).statusCode,
    ).toBe(404);
    expect(await farmIdsOf(viewer)).toEqual([]);
    expect(await memberIds(owner, farm.id)).toEqual([owner.user.id, worker.user.id]);
    // Having left, they can no more touch the farm, their own membership included.
    expect((await remove(viewer, farm.id, viewer.user.id)).statusCode).toBe(404);
  });

  it('never removes the owner, nor lets them leave: 409 with a translated message; others may not try (403)', async () => {
    const { owner, farm, members } = await farmWith(['manager']);
    const [manager] = members as [Session];
    const leave = await remove(owner, farm.id, owner.user.id);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({
      code: 'conflict',
      message: 'The owner of a farm cannot leave it or be removed from it',
    });
    const french = await call(t.app, owner.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect(french.statusCode).toBe(200);
    const fr = await remove(owner, farm.id, owner.user.id);
    expect(fr.json().message).toBe("Le propriétaire d'une ferme ne peut ni la quitter ni en être retiré");
    expect((await remove(manager, farm.id, owner.user.id)).statusCode).toBe(403);
    expect(await memberIds(owner, farm.id)).toEqual([owner.user.id, manager.user.id]);
    expect(
      (await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}` })).json().myRole,
    ).toBe('owner');
  });

  it('lets no member but the owner remove others (managers included, as for adding): 403, nothing removed', async () => {
    const { owner, farm, members } = await farmWith(['manager', 'worker', 'viewer']);
    const [manager, worker, viewer] = members as [Session, Session, Session];
    for (const [who, target] of [
      [viewer, worker],
      [worker, viewer],
      [manager, viewer],
      [manager, worker],
      [worker, manager],
    ] as const) {
      const res = await remove(who, farm.id, target.user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    // Whether the id is a member or not, a member without the right learns nothing from the answer.
    expect((await remove(viewer, farm.id, 2_000_000_000)).statusCode).toBe(403);
    expect(await memberIds(owner, farm.id)).toEqual([
      owner.user.id,
      manager.user.id,
      worker.user.id,
      viewer.user.id,
    ]);
  });

  it('answers 404 for a user who is not a member, and for a farm the caller does not belong to', async () => {
    const { owner, farm, members } = await farmWith(['worker']);
    const [worker] = members as [Session];
    const outsider = await registerUser(t.app);
    for (const userId of [outsider.user.id, 2_000_000_000]) {
      const res = await remove(owner, farm.id, userId);
      expect(res.statusCode, String(userId)).toBe(404);
      expect(res.json().message).toBe('This person is not a member of the farm');
    }
    // A stranger (even a platform manager) gets the farm's 404, whoever they name.
    const stranger = await userWithRole(t.app, t.ctx, 'manager');
    for (const userId of [worker.user.id, owner.user.id, stranger.user.id]) {
      const res = await remove(stranger, farm.id, userId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Farm not found');
    }
    expect((await remove(owner, farm.id, 0)).statusCode).toBe(400);
    expect(await memberIds(owner, farm.id)).toEqual([owner.user.id, worker.user.id]);
  });
});
