// Security review, round 2: hostile bodies, numbers past the columns, framework errors, look-alike names,
// idempotency keys reused with another body, and origins of another scheme. Each case failed before its fix.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, nextIp, registerUser, type Session, type TestApp } from '../test/harness';
import { MAX_JSON_DEPTH } from './json-parser';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

const nested = (depth: number, leaf = '"x"') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

/**
 * Sends `body`, then a health check once the server has had time to start on it (a stalled event loop would hold
 * the check until the hostile request is done), and times each from its own start over a real socket.
 */
async function postWhileCheckingHealth(path: string, body: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const hostile = fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  }).then(async (res) => ({ status: res.status, body: await res.json(), ms: performance.now() - started }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const checked = performance.now();
  const health = fetch(`${base}/api/health`).then(async (res) => ({
    status: res.status,
    ms: performance.now() - checked,
  }));
  return { hostile: await hostile, health: await health };
}

describe('deeply nested bodies', () => {
  it('refuses a 40,000-deep body before any walk, and a concurrent request is answered at once', async () => {
    const body = `{"username":${nested(40_000)},"password":"whatever-it-is"}`;
    const { hostile, health } = await postWhileCheckingHealth('/api/login', body);
    expect(hostile.status).toBe(400);
    expect(hostile.body).toMatchObject({ code: 'badRequest' });
    expect(hostile.body.message).toContain(String(MAX_JSON_DEPTH));
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(500);
    expect(hostile.ms).toBeLessThan(500);
  });

  it('refuses a deep unknown field on a signed-in write and on the keyless device route, and writes nothing', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const before = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/commodities?mine=1' });
    const body = `{"name":"Maize","quantity":1,"price":100,"grade":"A","farmId":${nested(200_000, '1')}}`;
    const { hostile, health } = await postWhileCheckingHealth('/api/commodities', body, {
      cookie: farmer.cookie,
    });
    expect(hostile.status).toBe(400);
    expect(health.ms).toBeLessThan(500);
    const after = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/commodities?mine=1' });
    expect(after.json()).toEqual(before.json());

    // The keyless device route: without a key the body is never read (401); with one, the depth check refuses it.
    const farm = await createFarm(t.app, farmer);
    const key = (
      await call(t.app, farmer.cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/devices`,
        payload: { name: 'Probe' },
      })
    ).json<{ key: string }>().key;
    const deep = `{"readings":[],"extra":${nested(40_000)}}`;
    const keyless = await postWhileCheckingHealth('/api/devices/sensor-data', deep, {
      authorization: 'Bearer nope',
    });
    expect(keyless.hostile.status).toBe(401);
    const keyed = await postWhileCheckingHealth('/api/devices/sensor-data', deep, {
      authorization: `Bearer ${key}`,
    });
    expect(keyed.hostile.status).toBe(400);
    expect(keyed.health.ms).toBeLessThan(500);
    // A caller who may not use a route is refused before its body is read: not signed in, or not a member.
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const bodies = { readings: [{ timestamp: 'not read', type: 'nope', value: 'x' }] };
    for (const [cookie, status] of [
      [null, 401],
      [stranger.cookie, 404],
    ] as const) {
      const res = await call(t.app, cookie, {
        method: 'POST',
        url: `/api/farms/${farm.id}/sensor-data`,
        headers: { 'content-type': 'application/json' },
        body: `{"deep":${nested(40_000)},"readings":${JSON.stringify(bodies.readings)}}`,
      });
      expect(res.statusCode).toBe(status);
    }
  });

  it('still accepts bodies nested up to the limit, and strings full of brackets', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await call(t.app, cookie, {
      method: 'PUT',
      url: '/api/profile',
      headers: { 'content-type': 'application/json' },
      body: `{"bio":"[[[[{{{{ \\" ]]]]","ignored":${nested(MAX_JSON_DEPTH - 1, '1')}}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.bio).toBe('[[[[{{{{ " ]]]]');
    const deeper = await call(t.app, cookie, {
      method: 'PUT',
      url: '/api/profile',
      headers: { 'content-type': 'application/json' },
      body: `{"bio":"x","ignored":${nested(MAX_JSON_DEPTH, '1')}}`,
    });
    expect(deeper.statusCode).toBe(400);
  });
});

describe('numbers at and past the database columns', () => {
  let farmer: Session;
  let buyer: Session;
  beforeAll(async () => {
    farmer = await userWithRole(t.app, t.ctx, 'farmer');
    buyer = await userWithRole(t.app, t.ctx, 'buyer');
  });
  const listing = (payload: Record<string, unknown>) =>
    call(t.app, farmer.cookie, {
      method: 'POST',
      url: '/api/commodities',
      payload: { name: 'Maize', quantity: 1, price: 100, grade: 'A', ...payload },
    });
  const bid = (payload: Record<string, unknown>) =>
    call(t.app, buyer.cookie, { method: 'POST', url: '/api/bids', payload });

  it('answers 400 naming the field for prices and quantities one past the column, 201 at it', async () => {
    for (const [field, value] of [
      ['price', 99_999_999_999],
      ['price', 21_474_836.48],
      ['price', '21474836.48'],
      ['quantity', 2_147_483.648],
      ['quantity', '9999999999'],
    ] as const) {
      const res = await listing({ [field]: value });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
    const edge = await listing({ price: 21_474_836.47, quantity: 2_147_483.647 });
    expect(edge.statusCode).toBe(201);
    expect(edge.json()).toMatchObject({ price: 21_474_836.47, quantity: 2_147_483.647 });

    const patch = await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/commodities/${edge.json().id}`,
      payload: { quantity: '9999999999' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().issues[0].path).toBe('quantity');

    const request = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/commodity-requests',
      payload: {
        commodityName: 'Maize',
        quantity: '2147483.648',
        targetPrice: '21474836.48',
        grade: 'A',
        deliveryTimeline: 'flexible',
      },
    });
    expect(request.statusCode).toBe(400);
    expect(
      request
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['quantity', 'targetPrice']);
  });

  it('says a number past a double (1e400) is too large, in the caller’s language, for every numeric field', async () => {
    const french = await registerUser(t.app, { language: 'fr' });
    for (const [field, numeral, seller, message] of [
      ['price', '1e400', farmer, 'This number is too large'],
      ['quantity', '-1e400', french, 'Ce nombre est trop grand'],
    ] as const) {
      const res = await call(t.app, seller.cookie, {
        method: 'POST',
        url: '/api/commodities',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Maize","quantity":1,"price":100,"grade":"A","${field}":${numeral}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'badRequest', issues: [{ path: field, message }] });
      expect(res.json().message).toBe(`${field}: ${message}`);
    }
    // Deep inside a batch's write too: the parser says so for any field, before any schema.
    const deep = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/batch',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"requests":[{"method":"POST","path":"/api/bids","idempotencyKey":"k","body":{"price":1e999}}]}',
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().issues[0]).toEqual({
      path: 'requests.0.body.price',
      message: 'This number is too large',
    });
  });

  it('refuses a bid whose total passes what the books can hold, and books one past 32 bits', async () => {
    expect((await bid({ commodityId: 1, price: 99_999_999_999 })).statusCode).toBe(400);
    const huge = await listing({ price: 100, quantity: 2_000_000 });
    const tooMuch = await bid({ commodityId: huge.json().id, price: 21_474_836.47 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/total/i);

    // 500 t at 100,000 a ton: 5,000,000,000 cents, more than a 32-bit column holds.
    const big = await listing({ price: 100_000, quantity: 500 });
    const placed = await bid({ commodityId: big.json().id, price: 100_000 });
    expect(placed.statusCode).toBe(201);
    const accepted = await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${placed.json().id}`,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    const trades = await call(t.app, buyer.cookie, { method: 'GET', url: '/api/trades' });
    expect(trades.json()[0].total).toBe(50_000_000);
  });

  it('refuses a farm sale whose total passes what the books hold (was a 500 from the overflow)', async () => {
    const farm = await createFarm(t.app, farmer);
    const res = await call(t.app, farmer.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sales`,
      payload: { type: 'custom', date: '2026-01-05', quantity: 1_000_000, pricePerUnit: 10_000_000_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('pricePerUnit');
  });

  it('bounds saved-search prices by their column', async () => {
    const res = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Dear maize', maxPrice: 999_999_999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('maxPrice');
  });
});

describe('answers to a request', () => {
  it('keeps every farmer’s answer, each once, and shows them with seller and price', async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const first = await userWithRole(t.app, t.ctx, 'farmer');
    const second = await userWithRole(t.app, t.ctx, 'farmer');
    const created = await call(t.app, buyer.cookie, {
      method: 'POST',
      url: '/api/commodity-requests',
      payload: {
        commodityName: 'Sorghum',
        quantity: '5',
        targetPrice: '180',
        grade: 'A',
        deliveryTimeline: 'within_week',
      },
    });
    const requestId = created.json().id;
    const answer = (s: Session, price: number) =>
      call(t.app, s.cookie, {
        method: 'POST',
        url: '/api/commodities',
        payload: { name: 'Sorghum', quantity: 5, price, grade: 'A', requestId },
      });
    const a = await answer(first, 175);
    const b = await answer(second, 170);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const again = await answer(first, 160);
    expect(again.statusCode).toBe(409);
    const seen = (await call(t.app, buyer.cookie, { method: 'GET', url: '/api/commodity-requests' })).json();
    const mine = seen.find((r: { id: number }) => r.id === requestId);
    expect(mine.answers).toEqual([
      { commodityId: a.json().id, sellerId: first.user.id, sellerUsername: first.user.username, price: 175 },
      {
        commodityId: b.json().id,
        sellerId: second.user.id,
        sellerUsername: second.user.username,
        price: 170,
      },
    ]);
    // The refused answer listed nothing.
    const own = await call(t.app, first.cookie, { method: 'GET', url: '/api/commodities?mine=1' });
    expect(own.json().map((c: { id: number }) => c.id)).toEqual([a.json().id]);
  });
});

describe('idempotency keys', () => {
  it('answers 422 when a key comes back with another body, and replays the same body', async () => {
    const { cookie } = await registerUser(t.app);
    const send = (content: string) =>
      call(t.app, cookie, {
        method: 'POST',
        url: '/api/posts',
        headers: { 'idempotency-key': 'post-1' },
        payload: { content },
      });
    const first = await send('Rain at last');
    expect(first.statusCode).toBe(201);
    const other = await send('Something else entirely');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('unprocessable');
    const replay = await send('Rain at last');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });
});

describe('framework errors', () => {
  it('answers a path that does not decode and an over-long parameter in the app’s shape and language', async () => {
    const bad = await fetch(`${base}/%c0%ae%c0%ae/etc/passwd`, { headers: { 'accept-language': 'fr' } });
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(Object.keys(badBody).sort()).toEqual(['code', 'message']);
    expect(badBody.code).toBe('badRequest');
    expect(badBody.message).toBe("L'adresse de la requête n'est pas valide");

    const long = await fetch(`${base}/api/commodities/${'9'.repeat(300)}`);
    expect(long.status).toBe(414);
    const longBody = await long.json();
    expect(Object.keys(longBody).sort()).toEqual(['code', 'message']);
    expect(longBody.code).toBe('uriTooLong');
  });
});

describe('look-alike usernames', () => {
  it('refuses a name whose confusable skeleton equals an existing one', async () => {
    const name = `claire_${Date.now() % 100_000}`;
    await registerUser(t.app, { username: name });
    for (const lookAlike of [
      name.replace('l', 'I'),
      name.replace('l', '1'),
      name.toUpperCase(),
      name.replace('cl', 'cI'),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: nextIp(),
        payload: { username: lookAlike, password: 'correct-horse-battery' },
      });
      expect(res.statusCode, lookAlike).toBe(409);
      expect(res.json().message).toBe('This username is already taken');
    }
    const m = await registerUser(t.app, { username: `mama_${Date.now() % 100_000}` });
    const rn = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: nextIp(),
      payload: { username: m.user.username.replace('m', 'rn'), password: 'correct-horse-battery' },
    });
    expect(rn.statusCode).toBe(409);
    const cyrillic = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: nextIp(),
      payload: { username: name.replace('a', 'а'), password: 'correct-horse-battery' },
    });
    expect(cyrillic.statusCode).toBe(400);
  });
});

describe('origin check', () => {
  it('refuses a write whose Origin has another scheme or port', async () => {
    const { user, password } = await registerUser(t.app);
    for (const origin of ['https://terroir.example', 'http://terroir.example:8080']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin, host: 'terroir.example' },
        payload: { username: user.username, password },
      });
      expect(res.statusCode, origin).toBe(403);
    }
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://terroir.example:80', host: 'terroir.example' },
      payload: { username: user.username, password },
      remoteAddress: nextIp(),
    });
    expect(same.statusCode).toBe(200);
  });
});
