// Two app instances on one PostgreSQL (DESIGN §10): sessions and live events work across them.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSecondInstance, createTestApp, registerUser, type TestApp } from '../test/harness';

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
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.app.server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
            if (body.includes('event: change')) {
              req.destroy();
              resolve(body);
            }
          });
          // The stream on B is open: write on A.
          void registerUser(a.app);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(text).toMatch(/data: \{"type":"user","id":\d+\}/);
  });
});
