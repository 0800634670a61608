// Builds the real app on a fresh copy of the migrated database for one API test file.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { TUser } from '../../contract/auth';
import type { TLiveEvent } from '../../contract/events';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { type Database, openDatabase } from '../db/client';
import { EventBus } from '../events/bus';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The PostgreSQL URL of this test's database (null on PGlite). */
  databaseUrl: string | null;
  /** The environment it was configured with (a second instance gets the same). */
  env: Record<string, string>;
  close(): Promise<void>;
}

let webDist: string | null = null;
function fakeWebDist(): string {
  if (!webDist) {
    webDist = join(tmpdir(), `terroir-web-${process.pid}`);
    mkdirSync(webDist, { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Terroir</title></head><body><div id="root"></div></body></html>',
    );
  }
  return webDist;
}

async function openTestDatabase(): Promise<{
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
}> {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `terroir_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    return {
      database,
      url: target.toString(),
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ memory: true, loadDataDir: dump });
  return { database, url: null, drop: async () => undefined };
}

async function startApp(database: Database, env: Record<string, string>) {
  const bus = new EventBus(database);
  await bus.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    WEB_DIST: fakeWebDist(),
    // Tests never reach the real provider: a test that wants weather points it at the stand-in.
    WEATHER: 'off',
    ...env,
  });
  const { app, ctx } = await buildApp({ config, database, db: database.db, bus });
  await app.ready();
  return { app, ctx, bus };
}

/** A second app instance on the same PostgreSQL database (scale-out tests); PostgreSQL only. */
export async function createSecondInstance(first: TestApp): Promise<TestApp> {
  if (!first.databaseUrl) {
    throw new Error('a second instance needs PostgreSQL');
  }
  const database = await openDatabase({ url: first.databaseUrl });
  const { app, ctx, bus } = await startApp(database, first.env);
  return {
    app,
    ctx,
    databaseUrl: first.databaseUrl,
    env: first.env,
    async close() {
      await app.close();
      await bus.stop();
      await database.close();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const { app, ctx, bus } = await startApp(database, env);
  return {
    app,
    ctx,
    databaseUrl: url,
    env,
    async close() {
      await app.close();
      await bus.stop();
      await database.close();
      await drop();
    },
  };
}

let counter = 0;
/** A unique loopback address per registration, so per-IP limits do not trip across a test file. */
export const nextIp = () => {
  counter += 1;
  return `127.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255 || 1}`;
};
export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(4).toString('hex')}`;

export interface Session {
  user: TUser;
  cookie: string;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'terroir_sid');
  if (!cookie) {
    throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  }
  return `terroir_sid=${cookie.value}`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session & { password: string }> {
  const password = 'correct-horse-battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: nextIp(),
    payload: { username: uniqueName(), password, ...overrides },
  });
  if (res.statusCode !== 201) {
    throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  }
  return { user: res.json<TUser>(), cookie: sessionCookie(res), password };
}

/** Sends a request as a signed-in user (or anonymously with cookie null). */
export function call(app: FastifyInstance, cookie: string | null, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
}

/** A response's JSON body, after checking its status (200 unless said). */
export async function ok<T>(
  res: { statusCode: number; body: string; json: <U>() => U },
  status = 200,
): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** The live events an app's bus delivers while `work` runs (they arrive through LISTEN/NOTIFY). */
export async function eventsDuring(t: TestApp, work: () => Promise<unknown>): Promise<TLiveEvent[]> {
  return (await noticesDuring(t, work)).map((notice) => notice.event);
}

/** Like eventsDuring, with each event's audience: who a stream may deliver it to ('*': every signed-in user). */
export async function noticesDuring(
  t: TestApp,
  work: () => Promise<unknown>,
): Promise<{ event: TLiveEvent; to: '*' | readonly number[] }[]> {
  // Events of earlier writes may still be on their way (a loaded PostgreSQL delivers NOTIFYs late): let them land first.
  await drainBus(t);
  const seen: { event: TLiveEvent; to: '*' | readonly number[] }[] = [];
  const stop = t.ctx.bus.subscribe((event, to) => {
    if (event.id >= 0) {
      seen.push({ event, to });
    }
  });
  await work();
  await drainBus(t);
  await new Promise((resolve) => setTimeout(resolve, 100));
  stop();
  return seen;
}

let drains = 0;

/**
 * Resolves once every event committed before the call has reached this app's bus: it sends a marker (a negative id,
 * which no row has, heard by no stream) and waits for it, since NOTIFYs arrive in commit order.
 */
export async function drainBus(t: TestApp): Promise<void> {
  drains += 1;
  const marker = -drains;
  let stop = () => {};
  const arrived = new Promise<void>((resolve) => {
    stop = t.ctx.bus.subscribe((event) => {
      if (event.type === 'farm' && event.id === marker) {
        resolve();
      }
    });
  });
  await t.ctx.db.execute(
    sql`select ${t.ctx.bus.notifySql({ type: 'farm', id: sql`${marker}` }, { userIds: [] })}`,
  );
  await arrived;
  stop();
}
