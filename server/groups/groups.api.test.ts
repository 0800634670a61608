// Groups and membership through the real server: making both kinds (a co-operative gets its marketplace party),
// finding them, joining by request or invitation, roles, the last admin, leaving and removal (a removed member loses
// the feed at once), the co-operative's rules (its admin's to change) and bad input that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup, TMember } from '../../contract/groups';
import { translate } from '../http/i18n';
import { sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { joinByInvitation, makeCoop } from '../test/groups';
import { createTestApp, ok, type Session, type TestApp, uniqueName } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const farmer = () => userWithRole(t.app, t.ctx, 'farmer');
const create = async (who: Session, body: Record<string, unknown>) =>
  ok<TGroup>(await send(who, 'POST', '/api/groups', body), 201);
const groupAs = async (who: Session, id: number) => ok<TGroup>(await send(who, 'GET', `/api/groups/${id}`));
const membersAs = async (who: Session, id: number, query = '') =>
  (await ok<{ data: TMember[] }>(await send(who, 'GET', `/api/groups/${id}/members${query}`))).data;
const decide = (who: Session, id: number, userId: number, accept: boolean) =>
  send(who, 'POST', `/api/groups/${id}/members/${userId}/decision`, { accept });
const find = async (who: Session, query: string) =>
  (await ok<{ data: TGroup[] }>(await send(who, 'GET', `/api/groups?${query}`))).data.map((g) => g.id);

describe('making groups', () => {
  it('a co-operative gets its own marketplace party and its creator as admin; a discussion group none', async () => {
    const admin = await farmer();
    const coop = await create(admin, {
      name: 'Coop Menoua',
      kind: 'cooperative',
      region: 'West',
      crops: ['Maize'],
      visibility: 'public',
      levyPercent: 2.5,
    });
    expect(coop).toMatchObject({
      kind: 'cooperative',
      region: 'West',
      // A co-operative's feed is always its members'.
      visibility: 'members',
      memberCount: 1,
      levyPercent: 2.5,
      me: { role: 'admin', status: 'active' },
      can: { read: true, post: true, manage: true, keep: true },
    });
    expect(coop.account?.id).toBeGreaterThan(0);
    expect(coop.account?.id).not.toBe(admin.user.id);
    const talk = await create(admin, { name: 'Maize growers', kind: 'discussion', visibility: 'public' });
    expect(talk).toMatchObject({ kind: 'discussion', visibility: 'public', account: null });
    expect(talk.can.keep).toBe(false);
    // Another person sees the card, not the rights.
    const other = await farmer();
    expect(await groupAs(other, coop.id)).toMatchObject({
      me: null,
      can: { read: false, post: false, manage: false, keep: false },
    });
  });

  // Found by the fuzzer: the party's name came from the group's, numbered up to 20, then every new one was refused.
  it('opens any number of co-operatives of one name, each with a party of its own', async () => {
    const admin = await farmer();
    const name = `Coop ${uniqueName('same')}`;
    const accounts = new Set<number | undefined>();
    for (let i = 0; i < 25; i++) {
      accounts.add((await create(admin, { name, kind: 'cooperative' })).account?.id);
    }
    expect(accounts.size).toBe(25);
  });

  it('finds co-operatives by region, crop, words, kind and the caller’s own', async () => {
    const admin = await farmer();
    const tag = uniqueName('zone');
    const cocoa = await create(admin, {
      name: `Cocoa ${tag}`,
      kind: 'cooperative',
      region: `${tag} South`,
      crops: ['Cocoa'],
    });
    const maize = await create(admin, {
      name: `Maize ${tag}`,
      kind: 'cooperative',
      region: `${tag} West`,
      crops: ['Maize'],
    });
    const talk = await create(admin, { name: `Talk ${tag}`, kind: 'discussion', region: `${tag} West` });
    const other = await farmer();
    expect(await find(other, `region=${tag}`)).toEqual([talk.id, maize.id, cocoa.id]);
    expect(await find(other, `region=${tag}&crop=cocoa`)).toEqual([cocoa.id]);
    expect(await find(other, `q=${tag}&kind=cooperative`)).toEqual([maize.id, cocoa.id]);
    expect(await find(other, `q=Maize%20${tag}`)).toEqual([maize.id]);
    expect(await find(other, `q=${tag}&mine=true`)).toEqual([]);
    expect(await find(admin, `q=${tag}&mine=true`)).toEqual([talk.id, maize.id, cocoa.id]);
    // A request to join counts as the caller's own.
    await ok(await send(other, 'POST', `/api/groups/${cocoa.id}/members`, {}), 201);
    expect(await find(other, `q=${tag}&mine=true`)).toEqual([cocoa.id]);
  });
});

describe('joining', () => {
  it('a members-only group: the request waits for an admin, who accepts or declines', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const asker = await farmer();
    const asked = await ok<TMember>(await send(asker, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    expect(asked).toMatchObject({ status: 'requested', role: 'member' });
    refused(await send(asker, 'GET', `/api/groups/${group.id}/posts`), 404, 'groups.errors.notFound');
    // Asking twice is refused; a plain member cannot decide; the asker cannot admit themselves.
    refused(
      await send(asker, 'POST', `/api/groups/${group.id}/members`, {}),
      409,
      'groups.errors.alreadyMember',
    );
    refused(await decide(members[0] as Session, group.id, asker.user.id, true), 404);
    refused(await decide(asker, group.id, asker.user.id, true), 404);
    // Pending requests are the admins' to see.
    expect((await membersAs(admin, group.id, '?status=requested')).map((m) => m.user.id)).toEqual([
      asker.user.id,
    ]);
    expect((await membersAs(members[0] as Session, group.id)).map((m) => m.user.id)).not.toContain(
      asker.user.id,
    );
    const accepted = await ok<TMember>(await decide(admin, group.id, asker.user.id, true));
    expect(accepted).toMatchObject({ status: 'active', role: 'member' });
    expect((await groupAs(asker, group.id)).can.read).toBe(true);

    const declined = await farmer();
    await ok(await send(declined, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    expect((await decide(admin, group.id, declined.user.id, false)).statusCode).toBe(204);
    expect((await groupAs(declined, group.id)).me).toBeNull();
    refused(await decide(admin, group.id, declined.user.id, true), 404);
  });

  it('a public discussion group takes the caller at once', async () => {
    const admin = await farmer();
    const talk = await create(admin, { name: 'Maize growers', kind: 'discussion', visibility: 'public' });
    const joiner = await farmer();
    expect(
      await ok<TMember>(await send(joiner, 'POST', `/api/groups/${talk.id}/members`, {}), 201),
    ).toMatchObject({ status: 'active' });
    expect((await groupAs(joiner, talk.id)).can.post).toBe(true);
  });

  it('an invitation is the invitee’s to accept or decline, nobody else’s', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const invitee = await farmer();
    const invited = await ok<TMember>(
      await send(admin, 'POST', `/api/groups/${group.id}/members`, { userId: invitee.user.id }),
      201,
    );
    expect(invited.status).toBe('invited');
    // A plain member may not invite; the admin may not accept for the invitee, nor may a member.
    refused(
      await send(members[0] as Session, 'POST', `/api/groups/${group.id}/members`, {
        userId: (await farmer()).user.id,
      }),
      403,
      'groups.errors.notAdmin',
    );
    refused(await decide(admin, group.id, invitee.user.id, true), 404, 'groups.errors.notInvited');
    refused(await decide(members[0] as Session, group.id, invitee.user.id, true), 404);
    expect((await ok<TMember>(await decide(invitee, group.id, invitee.user.id, true))).status).toBe('active');

    const refuser = await farmer();
    await ok(await send(admin, 'POST', `/api/groups/${group.id}/members`, { userId: refuser.user.id }), 201);
    expect((await decide(refuser, group.id, refuser.user.id, false)).statusCode).toBe(204);
    expect((await groupAs(refuser, group.id)).me).toBeNull();
    // Inviting someone who does not exist.
    refused(await send(admin, 'POST', `/api/groups/${group.id}/members`, { userId: 2_000_000 }), 404);
  });
});

describe('roles, leaving and removal', () => {
  it('an admin makes a member store keeper; a non-admin is refused', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 2 });
    const [a, b] = members as [Session, Session];
    refused(
      await send(a, 'PATCH', `/api/groups/${group.id}/members/${b.user.id}`, { role: 'store_keeper' }),
      403,
      'groups.errors.notAdmin',
    );
    const keeper = await ok<TMember>(
      await send(admin, 'PATCH', `/api/groups/${group.id}/members/${b.user.id}`, { role: 'store_keeper' }),
    );
    expect(keeper.role).toBe('store_keeper');
    expect((await groupAs(b, group.id)).can).toMatchObject({ keep: true, manage: false });
  });

  it('the last admin can neither leave nor be demoted; with a second admin they can', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const self = `/api/groups/${group.id}/members/${admin.user.id}`;
    refused(await send(admin, 'DELETE', self), 409, 'groups.errors.lastAdmin');
    refused(await send(admin, 'PATCH', self, { role: 'member' }), 409, 'groups.errors.lastAdmin');
    expect((await groupAs(admin, group.id)).me).toEqual({ role: 'admin', status: 'active' });
    const second = members[0] as Session;
    await ok(
      await send(admin, 'PATCH', `/api/groups/${group.id}/members/${second.user.id}`, { role: 'admin' }),
    );
    expect((await send(admin, 'DELETE', self)).statusCode).toBe(204);
    expect((await groupAs(admin, group.id)).me).toBeNull();
    refused(await send(second, 'DELETE', `/api/groups/${group.id}/members/${second.user.id}`), 409);
  });

  it('a member leaves; an admin removes another; a plain member cannot remove anyone', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 3 });
    const [leaver, removed, other] = members as [Session, Session, Session];
    refused(await send(other, 'DELETE', `/api/groups/${group.id}/members/${removed.user.id}`), 403);
    expect(
      (await send(leaver, 'DELETE', `/api/groups/${group.id}/members/${leaver.user.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await send(admin, 'DELETE', `/api/groups/${group.id}/members/${removed.user.id}`)).statusCode,
    ).toBe(204);
    const ids = (await membersAs(admin, group.id)).map((m) => m.user.id);
    expect(ids).not.toContain(leaver.user.id);
    expect(ids).not.toContain(removed.user.id);
    expect((await groupAs(admin, group.id)).memberCount).toBe(3);
  });

  it('a removed member loses the feed at once: the very next request is a 404', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const member = members[0] as Session;
    await ok(await send(admin, 'POST', `/api/groups/${group.id}/posts`, { body: 'Weighing on Friday' }), 201);
    expect(
      (await ok<{ data: unknown[] }>(await send(member, 'GET', `/api/groups/${group.id}/posts`))).data,
    ).toHaveLength(1);
    expect(
      (await send(admin, 'DELETE', `/api/groups/${group.id}/members/${member.user.id}`)).statusCode,
    ).toBe(204);
    refused(await send(member, 'GET', `/api/groups/${group.id}/posts`), 404, 'groups.errors.notFound');
    refused(await send(member, 'POST', `/api/groups/${group.id}/posts`, { body: 'Still here?' }), 404);
    refused(await send(member, 'GET', `/api/groups/${group.id}/members`), 404);
    refused(await send(member, 'GET', `/api/groups/${group.id}/intakes`), 404);
    // Invited back and accepting, they read it again.
    await joinByInvitation(send, group.id, admin, member);
    await ok(await send(member, 'GET', `/api/groups/${group.id}/posts`));
  });
});

describe('the co-operative’s rules', () => {
  it('are its admin’s to change: levy, transport, differentials', async () => {
    const { group, admin, members, keeper } = await makeCoop(t, send, { members: 1 });
    const rules = { levyPercent: 3.5, transportPerTon: 250_000, gradeDifferentials: { A: 1500, C: -2000 } };
    refused(
      await send(members[0] as Session, 'PATCH', `/api/groups/${group.id}`, rules),
      403,
      'groups.errors.notAdmin',
    );
    refused(await send(keeper, 'PATCH', `/api/groups/${group.id}`, rules), 403, 'groups.errors.notAdmin');
    refused(
      await send(await farmer(), 'PATCH', `/api/groups/${group.id}`, rules),
      404,
      'groups.errors.notFound',
    );
    expect(await groupAs(admin, group.id)).toMatchObject({ levyPercent: 0, transportPerTon: 0 });
    const changed = await ok<TGroup>(await send(admin, 'PATCH', `/api/groups/${group.id}`, rules));
    expect(changed).toMatchObject({
      levyPercent: 3.5,
      transportPerTon: 250_000,
      gradeDifferentials: { A: 1500, B: 0, C: -2000 },
    });
  });

  it('bad input: a 400 with the contract’s keys, and nothing changes', async () => {
    const { group, admin } = await makeCoop(t, send, { members: 1 });
    const before = await groupAs(admin, group.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ levyPercent: 31 }, 'levyPercent', 'groups.validation.levy'],
      [{ levyPercent: -1 }, 'levyPercent', 'groups.validation.levy'],
      [{ transportPerTon: 200_000_000 }, 'transportPerTon', 'groups.validation.transport'],
      [{ name: 'ab' }, 'name', 'groups.validation.name'],
      [{ gradeDifferentials: { D: 1 } }, 'gradeDifferentials', ''],
      [{ gradeDifferentials: {} }, 'gradeDifferentials', 'groups.validation.differentialsEmpty'],
      [{}, '', 'groups.validation.nothingToChange'],
    ];
    for (const [patch, path, key] of cases) {
      const res = await send(admin, 'PATCH', `/api/groups/${group.id}`, { ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      const body = res.json<{ code: string; issues?: { path: string; message: string }[] }>();
      expect(body.code).toBe('badRequest');
      if (path) {
        expect(body.issues?.[0]?.path, JSON.stringify(patch)).toBe(path);
      }
      if (key) {
        expect(body.issues?.[0]?.message, JSON.stringify(patch)).toBe(translate('en', key));
      }
    }
    // A valid field beside an invalid one is not applied either.
    expect(
      (await send(admin, 'PATCH', `/api/groups/${group.id}`, { name: 'Renamed', levyPercent: 99 }))
        .statusCode,
    ).toBe(400);
    expect(await groupAs(admin, group.id)).toEqual(before);
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'ab', kind: 'cooperative' }, 'name'],
      [{ name: 'Coop', kind: 'union' }, 'kind'],
      [{ name: 'Coop', kind: 'cooperative', levyPercent: 50 }, 'levyPercent'],
    ];
    const mine = await find(admin, 'mine=true');
    for (const [body, path] of bad) {
      const res = await send(admin, 'POST', '/api/groups', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe(path);
    }
    expect(await find(admin, 'mine=true')).toEqual(mine);
  });
});
