// Groups as their readers see them are kept per instance (a group's card, the first page of the list, and what
// decides access to the feed, settlements and statements): every change of a group or its membership shows in the
// next read, on the writer's instance at once and on another once it hears the `group` event, which reaches the
// group's active members and the person concerned, nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup } from '../../contract/groups';
import { sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { joinByInvitation, makeCoop } from '../test/groups';
import {
  createSecondInstance,
  createTestApp,
  noticesDuring,
  ok,
  type Session,
  type TestApp,
} from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const card = async (who: Session, groupId: number, app = t.app) =>
  ok<TGroup>(await sender(() => app)(who, 'GET', `/api/groups/${groupId}`));
const mine = async (who: Session) =>
  (await ok<{ data: TGroup[] }>(await send(who, 'GET', '/api/groups?mine=true'))).data;

describe('groups, cached per reader', () => {
  it('show a new member, a new role and a removal in the next read of the card and the list', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const member = members[0] as Session;
    const before = await card(admin, group.id);
    expect(await card(admin, group.id)).toEqual(before);
    expect((await mine(member)).map((g) => [g.id, g.me?.role])).toEqual([[group.id, 'member']]);

    const joiner = await userWithRole(t.app, t.ctx, 'farmer');
    expect(await mine(joiner)).toEqual([]);
    await joinByInvitation(send, group.id, admin, joiner);
    expect((await card(admin, group.id)).memberCount).toBe(before.memberCount + 1);
    expect((await mine(joiner)).map((g) => g.id)).toEqual([group.id]);

    await ok(
      await send(admin, 'PATCH', `/api/groups/${group.id}/members/${member.user.id}`, { role: 'admin' }),
    );
    expect((await mine(member)).map((g) => g.me?.role)).toEqual(['admin']);
    // Now an admin: the settlements are theirs to read.
    await ok(await send(member, 'GET', `/api/groups/${group.id}/settlements`));

    const removed = await send(admin, 'DELETE', `/api/groups/${group.id}/members/${joiner.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await mine(joiner)).toEqual([]);
    expect((await card(joiner, group.id)).me).toBeNull();
    refused(await send(joiner, 'GET', `/api/groups/${group.id}/posts`), 404, 'groups.errors.notFound');
    refused(await send(joiner, 'GET', `/api/groups/${group.id}/statement`), 404, 'groups.errors.notFound');
  });

  it('show a renamed group in the next read', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const member = members[0] as Session;
    expect((await card(member, group.id)).name).toBe(group.name);
    await ok(await send(admin, 'PATCH', `/api/groups/${group.id}`, { name: 'Coop Menoua Nord' }));
    expect((await card(member, group.id)).name).toBe('Coop Menoua Nord');
    expect((await mine(member)).map((g) => g.name)).toEqual(['Coop Menoua Nord']);
  });

  it('tell the group’s active members and the person concerned of a change, and nobody else', async () => {
    const { group, admin, members, keeper } = await makeCoop(t, send, { members: 1 });
    const invited = await userWithRole(t.app, t.ctx, 'farmer');
    const notices = await noticesDuring(t, async () => {
      await ok(
        await send(admin, 'POST', `/api/groups/${group.id}/members`, { userId: invited.user.id }),
        201,
      );
    });
    const heard = notices.filter((n) => n.event.type === 'group');
    expect(heard.map((n) => n.event.id)).toEqual([group.id]);
    const told = [admin, members[0] as Session, keeper, invited].map((m) => m.user.id).sort((a, b) => a - b);
    expect([...((heard[0]?.to ?? []) as number[])].sort((a, b) => a - b)).toEqual(told);
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('refuse a removed member on the other instance once it hears the group’s event', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const member = members[0] as Session;
    const onB = sender(() => b.app);
    expect((await onB(member, 'GET', `/api/groups/${group.id}/posts`)).statusCode).toBe(200);
    expect((await card(member, group.id, b.app)).me?.status).toBe('active');
    const removed = await send(admin, 'DELETE', `/api/groups/${group.id}/members/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expect
      .poll(async () => (await onB(member, 'GET', `/api/groups/${group.id}/posts`)).statusCode, {
        timeout: 2000,
        interval: 25,
      })
      .toBe(404);
    expect((await card(member, group.id, b.app)).me).toBeNull();
  });
});
