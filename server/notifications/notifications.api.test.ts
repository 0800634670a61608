// Notifications through the real server: written with the event that causes them, in the recipient's language,
// read and marked by their owner only; the short links of phone messages open only for their recipient.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '../../contract/notifications';
import { rowsOf } from '../db/client';
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

function send(session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return call(t.app, session.cookie, { method, url, ...(payload ? { payload } : {}) });
}

async function inbox(session: Session, query = ''): Promise<TNotification[]> {
  const res = await send(session, 'GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TNotification[]>();
}

async function unread(session: Session): Promise<number> {
  return (await send(session, 'GET', '/api/notifications/unread-count')).json<{ count: number }>().count;
}

async function created<T = { id: number }>(session: Session, url: string, payload: object): Promise<T> {
  const res = await send(session, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

describe('notifications', () => {
  it('tells a post’s author of a comment, in their language, and never the commenter themself', async () => {
    const author = await registerUser(t.app);
    const commenter = await registerUser(t.app);
    const post = await created(author, '/api/posts', { content: 'Rain at last' });
    // The first post earns an achievement: a notification too.
    expect((await inbox(author)).map((n) => n.type)).toEqual(['achievement']);
    expect((await inbox(author))[0]?.text).toBe('Achievement earned: First Post.');
    const notices = await noticesDuring(t, () =>
      created(commenter, `/api/posts/${post.id}/comments`, { content: 'Same here,   two days of it' }),
    );
    expect(notices.filter((n) => n.event.type === 'notification').map((n) => n.to)).toEqual([
      [author.user.id],
    ]);
    await created(author, `/api/posts/${post.id}/comments`, { content: 'Thanks' });
    const [comment] = await inbox(author);
    expect(comment).toMatchObject({
      type: 'post_comment',
      text: `${commenter.user.username} commented on your post: “Same here, two days of it”`,
      link: '/network',
      readAt: null,
    });
    expect(await inbox(commenter)).toEqual([]);
    await send(author, 'PATCH', '/api/user/language', { language: 'fr' });
    const [inFrench] = await inbox(author);
    expect(inFrench?.text).toBe(
      `${commenter.user.username} a commenté votre publication : « Same here, two days of it »`,
    );
    // A comment on a post that does not exist is refused and tells nobody.
    expect(
      (await send(commenter, 'POST', '/api/posts/2147483000/comments', { content: 'x' })).statusCode,
    ).toBe(404);
    expect(await unread(author)).toBe(2);
  });

  it('tells of a connection asked and accepted', async () => {
    const asker = await registerUser(t.app);
    const asked = await registerUser(t.app);
    const connection = await created(asker, '/api/connections', { userId: asked.user.id });
    expect((await inbox(asked))[0]).toMatchObject({
      type: 'connection_requested',
      text: `${asker.user.username} wants to connect with you.`,
    });
    await send(asked, 'PATCH', `/api/connections/${connection.id}`, { status: 'accepted' });
    const types = (await inbox(asker)).map((n) => n.type);
    expect(types).toContain('connection_accepted');
  });

  it('tells a buyer their bid was accepted (with the order) or turned down, and the parties of each order step', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await created(farmer, '/api/commodities', {
      name: 'Maize',
      quantity: 10,
      price: 200,
      grade: 'A',
    });
    let turnedDown = { id: 0 };
    const notices = await noticesDuring(t, async () => {
      turnedDown = await created(buyer, '/api/bids', {
        commodityId: listing.id,
        price: 150.5,
        quantity: 1.25,
      });
    });
    // The bid is one statement: its notification is written in it, and the owner's pages hear of it.
    expect(notices.filter((n) => n.event.type === 'notification').map((n) => n.to)).toEqual([
      [farmer.user.id],
    ]);
    expect((await inbox(farmer))[0]).toMatchObject({
      type: 'bid_received',
      text: `${buyer.user.username} bid $150.50 a ton for 1.25 t of your Maize.`,
      link: '/marketplace#bids-received',
    });
    // A refused bid (more than is listed) tells nobody.
    const before = await unread(farmer);
    const refused = await send(buyer, 'POST', '/api/bids', {
      commodityId: listing.id,
      price: 150,
      quantity: 99,
    });
    expect(refused.statusCode).toBe(409);
    expect(await unread(farmer)).toBe(before);
    await send(farmer, 'PATCH', `/api/bids/${turnedDown.id}`, { status: 'rejected' });
    expect((await inbox(buyer))[0]).toMatchObject({
      type: 'bid_rejected',
      text: `${farmer.user.username} turned down your bid of $150.50 a ton on Maize.`,
    });
    const bid = await created(buyer, '/api/bids', { commodityId: listing.id, price: 210, quantity: 2 });
    await send(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' });
    // (The first bid won also earns an achievement, told just after.)
    const accepted = (await inbox(buyer)).find((n) => n.type === 'bid_accepted');
    const orderId = Number(accepted?.data.orderId);
    expect(accepted).toMatchObject({ type: 'bid_accepted', link: `/orders?order=${orderId}` });
    expect(accepted?.text).toBe(`${farmer.user.username} accepted your bid on Maize: order no. ${orderId}.`);
    const farmerBefore = await unread(farmer);
    await send(farmer, 'POST', `/api/orders/${orderId}/delivery`, { mode: 'pickup' });
    expect((await inbox(buyer))[0]).toMatchObject({
      type: 'order_update',
      text: `Order no. ${orderId} (Maize): Buyer to collect.`,
    });
    // Whoever made the change is not told of it.
    expect(await unread(farmer)).toBe(farmerBefore);
  });

  it('tells the buyer who led a market that another bid higher, on any listing of it, and nobody otherwise', async () => {
    const market = `Teff ${Date.now()}`;
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const first = await userWithRole(t.app, t.ctx, 'buyer');
    const second = await userWithRole(t.app, t.ctx, 'buyer');
    const lot = { name: market, quantity: 10, price: 300, grade: 'A' };
    const a = await created(farmer, '/api/commodities', lot);
    const b = await created(other, '/api/commodities', { ...lot, name: market.toUpperCase() });
    await created(first, '/api/bids', { commodityId: a.id, price: 250, quantity: 1 });
    // Lower than the leader: nobody is outbid.
    await created(second, '/api/bids', { commodityId: b.id, price: 240, quantity: 1 });
    expect((await inbox(first)).map((n) => n.type)).not.toContain('bid_outbid');
    // The leader raising their own bid outbids nobody.
    await created(first, '/api/bids', { commodityId: a.id, price: 260, quantity: 1 });
    expect((await inbox(first)).map((n) => n.type)).not.toContain('bid_outbid');
    const notices = await noticesDuring(t, () =>
      created(second, '/api/bids', { commodityId: b.id, price: 275.5, quantity: 1 }),
    );
    const told = notices
      .filter((n) => n.event.type === 'notification')
      .flatMap((n) => (n.to === '*' ? [] : n.to));
    expect(told).toEqual(expect.arrayContaining([first.user.id, other.user.id]));
    const [outbid] = await inbox(first);
    expect(outbid).toMatchObject({
      type: 'bid_outbid',
      text: `You were outbid on ${market.toUpperCase()}: the best bid is now $275.50 a ton.`,
      link: '/marketplace#my-bids',
    });
    await send(first, 'PATCH', '/api/user/language', { language: 'fr' });
    expect((await inbox(first))[0]?.text).toBe(
      `Votre offre sur ${market.toUpperCase()} est dépassée : la meilleure offre est maintenant de 275,50\u00a0$US la tonne.`,
    );
    expect((await inbox(second)).map((n) => n.type)).not.toContain('bid_outbid');
  });

  it('tells buyers whose saved search a new listing matches (text in any case, grade, maximum price), once each', async () => {
    const crop = `Fonio${Date.now()}`;
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const keen = await userWithRole(t.app, t.ctx, 'buyer');
    const picky = await userWithRole(t.app, t.ctx, 'buyer');
    const search = (who: Session, body: object) => created(who, '/api/saved-searches', body);
    await search(keen, { name: 'Cheap fonio', query: crop.toLowerCase(), grade: 'B', maxPrice: 400 });
    await search(keen, { name: 'Any fonio', query: crop.toUpperCase() });
    await search(picky, { name: 'Grade A only', query: crop, grade: 'A' });
    await created(farmer, '/api/commodities', {
      name: `${crop} of Kindia`,
      quantity: 3,
      price: 395.5,
      grade: 'B',
    });
    const matched = (await inbox(keen)).filter((n) => n.type === 'saved_search_match');
    expect(matched).toHaveLength(1);
    expect(matched[0]?.text).toBe(
      `New listing for your search “Cheap fonio”: ${crop} of Kindia at $395.50 a ton.`,
    );
    // It opens the marketplace filtered as the search was saved.
    expect(matched[0]?.link).toBe(`/marketplace?q=${crop.toLowerCase()}&grade=B&maxPrice=400#listings`);
    expect((await inbox(picky)).map((n) => n.type)).not.toContain('saved_search_match');
    // Above the maximum: only the search without one matches.
    await created(farmer, '/api/commodities', { name: crop, quantity: 1, price: 450, grade: 'B' });
    const again = (await inbox(keen)).filter((n) => n.type === 'saved_search_match');
    expect(again[0]?.data.search).toBe('Any fonio');
  });

  it('tells a buyer their request was answered, and a user added to or removed from a farm', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const request = await created(buyer, '/api/commodity-requests', {
      commodityName: 'Sorghum',
      quantity: '5',
      targetPrice: '180',
      grade: 'A',
      deliveryTimeline: 'within_week',
    });
    await created(farmer, '/api/commodities', {
      name: 'Sorghum',
      quantity: 5,
      price: 185,
      grade: 'A',
      requestId: request.id,
    });
    expect((await inbox(buyer))[0]).toMatchObject({
      type: 'request_answered',
      text: `${farmer.user.username} listed Sorghum for your request.`,
    });
    const farm = await createFarm(t.app, farmer, { name: 'Ferme Nkongsamba' });
    const member = await registerUser(t.app);
    await created(farmer, `/api/farms/${farm.id}/members`, { userId: member.user.id, role: 'viewer' });
    expect((await inbox(member))[0]?.text).toBe(
      `${farmer.user.username} added you to the farm Ferme Nkongsamba.`,
    );
    await call(t.app, farmer.cookie, {
      method: 'DELETE',
      url: `/api/farms/${farm.id}/members/${member.user.id}`,
    });
    expect((await inbox(member))[0]?.text).toBe(
      `${farmer.user.username} removed you from the farm Ferme Nkongsamba.`,
    );
  });

  it('tells a farmer, in their language, that an agent asks to represent them; nobody else', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await send(farmer, 'PATCH', '/api/user/language', { language: 'fr' });
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    await created(agent, '/api/agent-links', { farmerId: farmer.user.id });
    const [asked] = await inbox(farmer);
    expect(asked).toMatchObject({
      type: 'agent_link_requested',
      text: `${agent.user.username} demande à vous représenter comme agent (vendre et suivre vos commandes pour vous). Acceptez ou refusez dans l'application.`,
      link: '/agent',
    });
    expect(await inbox(agent)).toEqual([]);
  });

  it('pages newest first, counts unread, and marks read one’s own only', async () => {
    const author = await registerUser(t.app);
    const other = await registerUser(t.app);
    const post = await created(author, '/api/posts', { content: 'Planting' });
    for (const n of [1, 2, 3]) {
      await created(other, `/api/posts/${post.id}/comments`, { content: `comment ${n}` });
    }
    expect(await unread(author)).toBe(4);
    const page = await send(author, 'GET', '/api/notifications?limit=2');
    const first = page.json<TNotification[]>();
    expect(first.map((n) => n.data.excerpt)).toEqual(['comment 3', 'comment 2']);
    const rest = await inbox(author, `?limit=2&cursor=${page.headers['x-next-cursor']}`);
    expect(rest.map((n) => n.type)).toEqual(['post_comment', 'achievement']);
    const ids = first.map((n) => n.id);
    // Another's notification is not there to mark: 404, and nothing changes.
    const foreign = await send(other, 'POST', '/api/notifications/read', { ids });
    expect(foreign.statusCode).toBe(404);
    expect(await unread(author)).toBe(4);
    const notices = await noticesDuring(t, async () => {
      expect((await send(author, 'POST', '/api/notifications/read', { ids })).statusCode).toBe(204);
    });
    expect(notices.map((n) => [n.event.type, n.to])).toEqual([['notification', [author.user.id]]]);
    expect(await unread(author)).toBe(2);
    expect((await inbox(author)).filter((n) => n.readAt !== null).map((n) => n.id)).toEqual(ids);
    expect((await send(author, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(204);
    expect(await unread(author)).toBe(0);
    for (const bad of [{}, { ids: [] }, { all: false }, { ids: ['x'] }]) {
      expect((await send(author, 'POST', '/api/notifications/read', bad)).statusCode).toBe(400);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('short links of SMS and WhatsApp messages (/n/<token>)', () => {
  /** A buyer's private saved search matched by a new listing: a notification whose link shows what they look for. */
  async function savedSearchMatch() {
    const crop = `Sorgho${Date.now()}`;
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    await created(buyer, '/api/saved-searches', { name: 'Secret sorghum', query: crop, maxPrice: 300 });
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await created(farmer, '/api/commodities', { name: crop, quantity: 2, price: 280, grade: 'A' });
    const [notification] = (await inbox(buyer)).filter((n) => n.type === 'saved_search_match');
    expect(notification?.link).toContain(crop);
    const [row] = rowsOf<{ token: string }>(
      await t.ctx.db.execute(sql`select token from notifications where id = ${notification?.id}`),
    );
    return { crop, buyer, farmer, notification: notification as TNotification, token: row?.token ?? '' };
  }

  const open = (session: Session | null, path: string) =>
    call(t.app, session?.cookie ?? null, { method: 'GET', url: path });

  it('carries a random token of 24 base64url characters, a different one for each notification', async () => {
    const { buyer, token } = await savedSearchMatch();
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const tokens = rowsOf<{ token: string }>(
      await t.ctx.db.execute(sql`select token from notifications where user_id = ${buyer.user.id}`),
    ).map((r) => r.token);
    const all = rowsOf<{ n: number; distinct: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n, count(distinct token)::int as distinct from notifications`,
      ),
    );
    expect(all[0]?.distinct).toBe(all[0]?.n);
    expect(tokens.every((tk) => /^[A-Za-z0-9_-]{24}$/.test(tk))).toBe(true);
  });

  it('sends a signed-out visitor to sign-in, with next set back to the link, and tells nothing else', async () => {
    const { notification, token } = await savedSearchMatch();
    const res = await open(null, `/n/${token}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/?next=${encodeURIComponent(`/n/${token}`)}`);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).not.toContain(notification.link ?? '');
  });

  it('takes its recipient to the notification’s target, and anyone else to a 404', async () => {
    const { crop, buyer, farmer, notification, token } = await savedSearchMatch();
    const mine = await open(buyer, `/n/${token}`);
    expect(mine.statusCode).toBe(302);
    expect(mine.headers.location).toBe(notification.link);
    for (const other of [farmer, await registerUser(t.app)]) {
      const res = await open(other, `/n/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain(crop);
    }
  });

  it('reveals nothing to anyone walking through ids (old /n/<id> links) or guessed tokens', async () => {
    const { buyer, notification, token } = await savedSearchMatch();
    const attacker = await registerUser(t.app);
    const guesses = [
      ...Array.from({ length: 40 }, (_, i) => (notification.id - 20 + i).toString(36)),
      token.slice(0, 23),
      `${token.slice(0, 23)}${token.at(-1) === 'A' ? 'B' : 'A'}`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    ];
    for (const guess of guesses) {
      const signedIn = await open(attacker, `/n/${guess}`);
      expect(signedIn.statusCode, guess).toBe(404);
      expect(signedIn.headers.location).toBeUndefined();
      const signedOut = await open(null, `/n/${guess}`);
      expect(signedOut.statusCode, guess).toBe(302);
      expect(signedOut.headers.location).toBe(`/?next=${encodeURIComponent(`/n/${guess}`)}`);
    }
    // Even the recipient's own old id link leads nowhere now.
    expect((await open(buyer, `/n/${notification.id.toString(36)}`)).statusCode).toBe(404);
  });
});
