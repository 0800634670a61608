// A group's feed through the real server: its members post and comment; a members-only feed is unknown (404) to
// anyone else, a member of another group included; a public discussion group's is anyone's to read and its members'
// to write; pages run newest first with the next page's cursor in a header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup, TGroupComment, TGroupPost } from '../../contract/groups';
import { buildApp } from '../app';
import { EventBus } from '../events/bus';
import { sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { makeCoop } from '../test/groups';
import {
  createSecondInstance,
  createTestApp,
  drainBus,
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

let app = () => t.app;
const send = sender(() => app());
const post = async (who: Session, groupId: number, body: string) =>
  ok<TGroupPost>(await send(who, 'POST', `/api/groups/${groupId}/posts`, { body }), 201);
const comment = async (who: Session, groupId: number, postId: number, body: string) =>
  ok<TGroupComment>(
    await send(who, 'POST', `/api/groups/${groupId}/posts/${postId}/comments`, { body }),
    201,
  );
const feed = async (who: Session, groupId: number, query = '') =>
  (await ok<{ data: TGroupPost[] }>(await send(who, 'GET', `/api/groups/${groupId}/posts${query}`))).data;

describe('posts and comments', () => {
  it('members post and comment; the feed shows posts newest first, comments oldest first', async () => {
    const { group, admin, members, keeper } = await makeCoop(t, send, { members: 2 });
    const [a, b] = members as [Session, Session];
    const first = await post(a, group.id, 'Weighing on Friday at the Dschang store');
    expect(first).toMatchObject({ author: { id: a.user.id, username: a.user.username }, comments: [] });
    const second = await post(admin, group.id, 'Bring your bags dry: 13 % at most');
    await comment(b, group.id, first.id, 'I will bring 6 bags');
    await comment(keeper, group.id, first.id, 'The scale is fixed');
    const [newest, oldest] = await feed(b, group.id);
    expect(newest?.id).toBe(second.id);
    expect(oldest?.id).toBe(first.id);
    expect(oldest?.comments.map((c) => [c.author.id, c.body])).toEqual([
      [b.user.id, 'I will bring 6 bags'],
      [keeper.user.id, 'The scale is fixed'],
    ]);
  });

  it('refuses an empty post and a comment on a post of another group', async () => {
    const one = await makeCoop(t, send, { members: 1 });
    const two = await makeCoop(t, send, { members: 1 });
    const res = await send(one.admin, 'POST', `/api/groups/${one.group.id}/posts`, { body: '   ' });
    expect(res.statusCode).toBe(400);
    const elsewhere = await post(two.admin, two.group.id, 'Ours');
    refused(
      await send(one.admin, 'POST', `/api/groups/${one.group.id}/posts/${elsewhere.id}/comments`, {
        body: 'Hi',
      }),
      404,
      'groups.errors.notFound',
    );
    expect(await feed(one.admin, one.group.id)).toEqual([]);
    expect((await feed(two.admin, two.group.id))[0]?.comments).toEqual([]);
  });
});

describe('who reads and writes', () => {
  it('a members-only feed is unknown to outsiders, to members of another group and to those who only asked', async () => {
    const { group, admin } = await makeCoop(t, send, { members: 1 });
    const written = await post(admin, group.id, 'Members only');
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    const other = await makeCoop(t, send, { members: 1 });
    const asker = await userWithRole(t.app, t.ctx, 'farmer');
    await ok(await send(asker, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    for (const who of [outsider, other.admin, other.members[0] as Session, asker]) {
      refused(await send(who, 'GET', `/api/groups/${group.id}/posts`), 404, 'groups.errors.notFound');
      refused(await send(who, 'POST', `/api/groups/${group.id}/posts`, { body: 'Let me in' }), 404);
      refused(
        await send(who, 'POST', `/api/groups/${group.id}/posts/${written.id}/comments`, { body: 'Hello' }),
        404,
      );
      refused(await send(who, 'GET', `/api/groups/${group.id}/members`), 404);
    }
    // Their card is still findable.
    expect((await ok<TGroup>(await send(outsider, 'GET', `/api/groups/${group.id}`))).can.read).toBe(false);
    expect(await feed(admin, group.id)).toHaveLength(1);
    expect((await feed(admin, group.id))[0]?.comments).toEqual([]);
  });

  it('a public discussion group is anyone’s to read and its members’ to write', async () => {
    const admin = await userWithRole(t.app, t.ctx, 'farmer');
    const talk = await ok<TGroup>(
      await send(admin, 'POST', '/api/groups', {
        name: 'Maize growers',
        kind: 'discussion',
        visibility: 'public',
      }),
      201,
    );
    const written = await post(admin, talk.id, 'Fall armyworm seen near Foumbot');
    const reader = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await feed(reader, talk.id)).map((p) => p.id)).toEqual([written.id]);
    refused(await send(reader, 'POST', `/api/groups/${talk.id}/posts`, { body: 'Me too' }), 404);
    refused(
      await send(reader, 'POST', `/api/groups/${talk.id}/posts/${written.id}/comments`, { body: 'Me too' }),
      404,
    );
    expect((await feed(reader, talk.id))[0]?.comments).toEqual([]);
    await ok(await send(reader, 'POST', `/api/groups/${talk.id}/members`, {}), 201);
    await comment(reader, talk.id, written.id, 'Me too, in Bangangté');
    expect((await feed(admin, talk.id))[0]?.comments.map((c) => c.author.id)).toEqual([reader.user.id]);
  });

  it('a members-only discussion group is like a co-operative’s feed', async () => {
    const admin = await userWithRole(t.app, t.ctx, 'farmer');
    const talk = await ok<TGroup>(
      await send(admin, 'POST', '/api/groups', { name: 'Women growers', kind: 'discussion' }),
      201,
    );
    expect(talk.visibility).toBe('members');
    await post(admin, talk.id, 'Hello');
    refused(
      await send(await userWithRole(t.app, t.ctx, 'farmer'), 'GET', `/api/groups/${talk.id}/posts`),
      404,
    );
  });
});

describe('paging', () => {
  it('runs newest first, the next page from the cursor header, to the end', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await post(admin, group.id, `Post ${i}`)).id);
    }
    const seen: number[] = [];
    let query = '?limit=3';
    for (let page = 0; page < 5; page++) {
      const res = await send(members[0] as Session, 'GET', `/api/groups/${group.id}/posts${query}`);
      seen.push(...(await ok<{ data: TGroupPost[] }>(res)).data.map((p) => p.id));
      const next = res.headers['x-next-cursor'];
      if (!next) {
        break;
      }
      query = `?limit=3&cursor=${next}`;
    }
    expect(seen).toEqual([...ids].reverse());
    refused(await send(admin, 'GET', `/api/groups/${group.id}/posts?limit=0`), 400);
  });
});

describe('the pages kept by each instance', () => {
  it('show a post and a comment at the writer’s next read, and every page after them', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 1 });
    const reader = members[0] as Session;
    const first = await post(admin, group.id, 'Intake starts Monday');
    await post(admin, group.id, 'Bring your own bags');
    expect(await feed(reader, group.id)).toHaveLength(2);
    const firstPage = await send(reader, 'GET', `/api/groups/${group.id}/posts?limit=1`);
    const cursor = firstPage.headers['x-next-cursor'];
    expect((await feed(reader, group.id, `?limit=1&cursor=${cursor}`))[0]?.comments).toEqual([]);

    const third = await post(reader, group.id, 'Is the Dschang scale fixed?');
    expect((await feed(admin, group.id))[0]?.id).toBe(third.id);
    await comment(admin, group.id, first.id, 'Yes, since Friday');
    expect(
      (await feed(reader, group.id, `?limit=1&cursor=${cursor}`))[0]?.comments.map((c) => c.body),
    ).toEqual(['Yes, since Friday']);
  });

  it('drop at once on the writing instance, before any NOTIFY could reach it', async () => {
    // An instance that hears no event at all: only its own drop after the commit can show its write.
    const { config, database, db } = t.ctx;
    const deaf = await buildApp({ config, database, db, bus: new EventBus(database) });
    await deaf.app.ready();
    try {
      const { group, admin } = await makeCoop(t, send, { members: 1 });
      app = () => deaf.app;
      expect(await feed(admin, group.id)).toEqual([]);
      const written = await post(admin, group.id, 'Heard here first');
      expect((await feed(admin, group.id)).map((p) => p.id)).toEqual([written.id]);
      await comment(admin, group.id, written.id, 'And this too');
      expect((await feed(admin, group.id))[0]?.comments.map((c) => c.body)).toEqual(['And this too']);
    } finally {
      app = () => t.app;
      await deaf.app.close();
    }
  });

  it('still ask who reads: a member removed after reading a kept page is refused it at once', async () => {
    const { group, admin, members } = await makeCoop(t, send, { members: 2 });
    const [stays, leaves] = members as [Session, Session];
    await post(admin, group.id, 'Prices for the week');
    expect(await feed(leaves, group.id)).toHaveLength(1);
    expect(await feed(stays, group.id)).toHaveLength(1);
    const removed = await send(admin, 'DELETE', `/api/groups/${group.id}/members/${leaves.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    refused(await send(leaves, 'GET', `/api/groups/${group.id}/posts`), 404, 'groups.errors.notFound');
    expect(await feed(stays, group.id)).toHaveLength(1);
  });

  it('tell the group’s active members of a post or a comment, and nobody else', async () => {
    const { group, admin, members, keeper } = await makeCoop(t, send, { members: 1 });
    const asker = await userWithRole(t.app, t.ctx, 'farmer');
    await ok(await send(asker, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    let written: TGroupPost | undefined;
    const notices = await noticesDuring(t, async () => {
      written = await post(admin, group.id, 'Collection day moved to Tuesday');
    });
    const heard = notices.filter((n) => n.event.type === 'group_feed');
    expect(heard.map((n) => n.event.id)).toEqual([group.id]);
    const everyMember = [admin, members[0] as Session, keeper].map((m) => m.user.id).sort((a, b) => a - b);
    expect([...((heard[0]?.to ?? []) as number[])].sort((a, b) => a - b)).toEqual(everyMember);
    const onComment = await noticesDuring(t, () =>
      comment(keeper, group.id, (written as TGroupPost).id, 'Noted'),
    );
    expect(onComment.filter((n) => n.event.type === 'group_feed').map((n) => n.event.id)).toEqual([group.id]);
  });
});

describe.skipIf(!onPostgres)('a second instance on the same PostgreSQL', () => {
  it('drops this instance’s kept pages when the other instance writes', async () => {
    const other = await createSecondInstance(t);
    try {
      const { group, admin, members } = await makeCoop(t, send, { members: 1 });
      const reader = members[0] as Session;
      const first = await post(admin, group.id, 'Weighing on Friday');
      expect((await feed(reader, group.id)).map((p) => p.id)).toEqual([first.id]);
      app = () => other.app;
      const second = await post(admin, group.id, 'And on Saturday');
      await comment(reader, group.id, first.id, 'Good');
      app = () => t.app;
      await drainBus(t);
      const read = await feed(reader, group.id);
      expect(read.map((p) => p.id)).toEqual([second.id, first.id]);
      expect(read[1]?.comments.map((c) => c.body)).toEqual(['Good']);
    } finally {
      app = () => t.app;
      await other.close();
    }
  });
});
