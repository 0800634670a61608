// Property-based fuzzing of every GET route with query parameters or path ids: a 2xx or a 4xx JSON error, never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup } from '../../contract/groups';
import type { TCommodity } from '../../contract/marketplace';
import type { TPost } from '../../contract/network';
import type { TOrder } from '../../contract/orders';
import type { TStore } from '../../contract/stock';
import { sender } from '../test/agent-sale';
import { disputedOrder } from '../test/completed-order';
import { createFarm, userWithRole } from '../test/factories';
import { type Coop, coopSale, intakeFor, joinByInvitation } from '../test/groups';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { tinyPng } from '../test/images';
import { momoEnv, orangeEnv, type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

const RUNS = Number(process.env.FUZZ_RUNS ?? 24);

interface ParamSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: ParamSchema[];
}
interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema: ParamSchema;
}
interface GetRoute {
  path: string;
  query: Parameter[];
  pathParams: Parameter[];
}
/** A generated request: query pairs already percent-encoded (or deliberately mis-encoded), or a whole raw query. */
interface Case {
  label: string;
  pairs?: [string, string][];
  rawQuery?: string;
  pathParam?: [string, string];
}

/** Percent-encodes every byte outside the unreserved set; lone surrogates become U+FFFD, as a browser sends them. */
const enc = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const NUMBERS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  '1e-308',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1e3',
  '+1',
  ' 1',
  '1 ',
  '1_000',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '00000000000000000001',
].map(enc);
const WRONG_TYPES = ['abc', 'true', 'false', 'null', 'undefined', '[]', '{}', '[1,2]', '{"a":1}', ''].map(
  enc,
);
const UNICODE = [
  ...[
    '\u0000',
    'a\u0000b',
    '\u202eevil',
    '\ufeff1',
    '\u200b',
    '👩🏽‍🌾🌽',
    'ﬀ𝔘𝔫𝔦',
    'e\u0301',
    '１２３',
    '٣',
  ].map(enc),
  // Raw encodings a browser would never send: a bare %, bad hex, invalid and overlong UTF-8, a lone surrogate.
  '%',
  '%%',
  '%zz',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%E2%82',
  '%00',
  '%2500',
];
const INJECTION = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '1 UNION SELECT password_hash FROM users',
  '$'.concat('{7*7}{{7*7}}'),
  '%s%n%x',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\r\nSet-Cookie: x=1',
].map(enc);
const HUGE = ['x'.repeat(10_000), '9'.repeat(5_000), '🌽'.repeat(2_000)].map(enc);
const UNKNOWN_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'a[b]',
  'a[]',
  '__proto__[role]',
  'constructor[prototype][role]',
  '',
  'q',
  'page',
  'sort',
  'offset',
].map(enc);
const RAW_QUERIES = [
  '&&&',
  '=',
  '=1',
  'a',
  'a=1=2',
  '%',
  '?a=1',
  'a=1&&b=2',
  '&'.repeat(5_000),
  'a=1&'.repeat(2_000),
];
const BAD_IDS = ['abc', '-1', '0', '1.5', 'NaN', 'Infinity', '1e3', '0x10', ' 1', '99999999999999999999'];

/** Values aimed at one parameter: generic hostile ones plus some shaped by its schema. */
function valuesFor(schema: ParamSchema): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<string>[] = [];
  for (const s of schema.anyOf ?? [schema]) {
    if (s.pattern) {
      // Matches the declared pattern, so it passes validation: the handler must cope with what it means.
      shaped.push(fc.stringMatching(new RegExp(s.pattern)).map(enc));
    }
    if (s.enum) {
      shaped.push(
        fc.constantFrom('bogus', String(s.enum[0]).toUpperCase(), `${String(s.enum[0])} `).map(enc),
      );
    }
    if (s.type === 'integer' || s.type === 'number') {
      const bounds = [s.minimum, s.maximum].filter((b): b is number => b !== undefined);
      shaped.push(fc.constantFrom(...bounds.flatMap((b) => [b - 1, b, b + 1, b * 10]).map(String), '1'));
    }
    if (s.maxLength !== undefined) {
      shaped.push(fc.constantFrom('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1)).map(enc));
    }
  }
  return fc.oneof(
    fc.constantFrom(...NUMBERS, ...WRONG_TYPES, ...UNICODE, ...INJECTION, ...HUGE),
    fc.stringMatching(/^-?\d{11,25}$/),
    fc.string({ unit: 'binary', maxLength: 60 }).map(enc),
    fc.double().map((d) => enc(String(d))),
    ...shaped,
  );
}

function caseArbitrary(route: GetRoute): fc.Arbitrary<Case> {
  const arbs: fc.Arbitrary<Case>[] = [];
  const anyValue = valuesFor({});
  if (route.query.length > 0) {
    const param = fc.constantFrom(...route.query);
    arbs.push(
      param.chain((p) =>
        valuesFor(p.schema).map((v) => ({
          label: `bad ${p.name}`,
          pairs: [[p.name, v]] as [string, string][],
        })),
      ),
      // Repeated keys: ?a=1&a=2 reaches the handler as an array unless refused.
      param.chain((p) =>
        fc
          .array(fc.oneof(valuesFor(p.schema), fc.constant('1')), { minLength: 2, maxLength: 4 })
          .map((vs) => ({
            label: `repeated ${p.name}`,
            pairs: vs.map((v) => [p.name, v] as [string, string]),
          })),
      ),
      // Several at once, known and unknown keys mixed.
      fc
        .array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...route.query.map((q) => q.name)), fc.constantFrom(...UNKNOWN_KEYS)),
            anyValue,
          ),
          { minLength: 1, maxLength: 6 },
        )
        .map((pairs) => ({ label: 'mixed', pairs })),
    );
  }
  arbs.push(
    fc
      .tuple(fc.oneof(fc.constantFrom(...UNKNOWN_KEYS), fc.string({ maxLength: 12 }).map(enc)), anyValue)
      .map(([k, v]) => ({ label: `unknown key ${k.slice(0, 20)}`, pairs: [[k, v]] as [string, string][] })),
    fc.constantFrom(...RAW_QUERIES).map((rawQuery) => ({ label: 'raw query', rawQuery })),
  );
  if (route.pathParams.length > 0) {
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...route.pathParams.map((p) => p.name)),
          fc.oneof(
            fc.constantFrom(...BAD_IDS.map(enc), ...UNICODE, ...INJECTION),
            fc.stringMatching(/^-?\d{11,25}$/),
            fc.constantFrom('2147483647', '2147483648', '1e308', '-1e308'),
          ),
        )
        .map(([name, v]) => ({ label: `bad path ${name}`, pathParam: [name, v] as [string, string] })),
    );
  }
  return fc.oneof(...arbs);
}

/** Query parameters a route requires, so that its plain request answers 200 and fuzzed ones reach the handler. */
const REQUIRED_QUERY: Record<string, [string, string][]> = {
  '/api/crop-plans/{id}/analytics': [['type', 'yield_prediction']],
};

let t: TestApp;
const send = sender(() => t.app);
let stand: PaymentsStandIn;
let owner: Session;
/** Routes only another role may read, fuzzed as that role (the others are read by the farm's owner). */
let readerOf: (path: string) => typeof owner;
/** Real resources the path ids point at, so that generated queries reach the handlers. */
const ids: Record<string, Record<string, number | string>> = {};

async function created(url: string, payload: object): Promise<number> {
  const res = await call(t.app, owner.cookie, { method: 'POST', url, payload });
  if (res.statusCode !== 201) {
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ id: number }>().id;
}

function idsFor(path: string): Record<string, number | string> | null {
  // The longest fixture path the route starts with (an order's photos before the order).
  const prefix = Object.keys(ids)
    .filter((p) => path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? (ids[prefix] ?? null) : null;
}

beforeAll(async () => {
  // Mobile money on the stand-in, so that a buyer's payment exists for its route to be read.
  stand = await startPaymentsStandIn();
  t = await createTestApp({ PAYMENTS_POLL_MS: '600000', ...momoEnv(stand), ...orangeEnv(stand) });
  owner = await registerUser(t.app, { role: 'farmer' });
  const agent = await userWithRole(t.app, t.ctx, 'agent');
  readerOf = (path) => (path.startsWith('/api/commissions/') ? agent : owner);
  const farm = await createFarm(t.app, owner);
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await created(`/api/farms/${farm.id}/devices`, { name: 'Probe' });
  await created(`/api/farms/${farm.id}/surveys`, { date: day, pests: [], irrigationMm: 2 });
  await created(`/api/farms/${farm.id}/transactions`, {
    type: 'expense',
    category: 'seeds',
    amount: 5,
    date: day,
  });
  const reportId = await created(`/api/farms/${farm.id}/reports`, {
    type: 'income_statement',
    period: 'monthly',
  });
  const photos = [{ photo: tinyPng({ size: 16 }).toString('base64'), thumb: tinyPng().toString('base64') }];
  const listing = await created('/api/commodities', { name: 'Maize', quantity: 10, price: 250, grade: 'A' });
  const pictured = await call(t.app, owner.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { name: 'Maize', quantity: 10, price: 250, grade: 'A', photos },
  });
  const listingPhoto = pictured.json<TCommodity>().photos?.[0]?.url ?? '';
  ids['/api/commodities/{id}/photos/{hash}'] = {
    id: pictured.json<TCommodity>().id,
    hash: listingPhoto.split('/').at(-1) ?? '',
  };
  const post = await call(t.app, owner.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'The new store', photos },
  });
  ids['/api/posts/{id}/photos/{hash}'] = {
    id: post.json<TPost>().id,
    hash: post.json<TPost>().photos[0]?.url.split('/').at(-1) ?? '',
  };
  ids['/api/farms/{id}'] = { id: farm.id, reportId };
  const plans = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/crop-plans` });
  ids['/api/crop-plans/{id}'] = { id: plans.json<{ plans: { id: number }[] }>().plans[0]?.id ?? 0 };
  ids['/api/commodities/{id}'] = { id: listing };
  ids['/api/users/{id}'] = { id: owner.user.id };
  const buyer = await registerUser(t.app, { role: 'buyer' });
  const bid = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: '/api/bids',
    payload: { commodityId: listing, price: 250, quantity: 1 },
  });
  await call(t.app, owner.cookie, {
    method: 'PATCH',
    url: `/api/bids/${bid.json<{ id: number }>().id}`,
    payload: { status: 'accepted' },
  });
  const [order] = (await call(t.app, owner.cookie, { method: 'GET', url: '/api/orders' })).json<
    { id: number }[]
  >();
  ids['/api/orders/{id}'] = { id: order?.id ?? 0 };
  // The buyer's mobile payment of that order, which the owner (its seller) may follow.
  const paying = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: `/api/orders/${order?.id ?? 0}/mobile-payments`,
    payload: { provider: 'mtn_momo', phone: '237670000002' },
  });
  if (paying.statusCode !== 201) {
    throw new Error(`fixture mobile payment: ${paying.statusCode} ${paying.body}`);
  }
  ids['/api/mobile-payments/{id}'] = { id: paying.json<{ id: number }>().id };
  // A photo of the owner's answer to a dispute on another sale of theirs.
  const disputed = await disputedOrder(t.app, t.ctx, { farmer: owner });
  const answered = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/orders/${disputed.order.id}/dispute/reply`,
    payload: { note: 'Dry when loaded', photos: [tinyPng().toString('base64')] },
  });
  const [photo = ''] = answered.json<TOrder>().dispute?.reply?.photos ?? [];
  ids['/api/orders/{id}/photos/{hash}'] = { id: disputed.order.id, hash: photo.split('/').at(-1) ?? '' };
  await stockFixtures();
  await groupFixtures();
  await calendarFixtures();
});

/** A co-operative the owner administers, with a member's intake sold through the marketplace and settled (draft). */
async function groupFixtures() {
  const group = await call(t.app, owner.cookie, {
    method: 'POST',
    url: '/api/groups',
    payload: { name: 'Coop Menoua', kind: 'cooperative', region: 'West', crops: ['Maize'] },
  });
  const coop = group.json<TGroup>();
  const member = await registerUser(t.app);
  await joinByInvitation(send, coop.id, owner, member);
  const store = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/groups/${coop.id}/stores`,
    payload: { name: 'Magasin Dschang' },
  });
  const sold: Coop = {
    group: coop,
    admin: owner,
    members: [member],
    keeper: owner,
    store: store.json<TStore>(),
  };
  const intake = await intakeFor(send, sold, owner, member, { quantity: 2 });
  const orderId = await coopSale(t, sold, await registerUser(t.app, { role: 'buyer' }), {
    lotId: intake.lotId,
    quantity: 1,
  });
  const sid = await created(`/api/groups/${coop.id}/settlements`, { orderId });
  ids['/api/groups/{id}'] = { id: coop.id, sid };
}

/** A lot of the owner's with a photo, part of it deposited in a manager's co-op store: its receipt's code. */
async function stockFixtures() {
  const manager = await userWithRole(t.app, t.ctx, 'manager');
  const storeId = await created('/api/stores', { name: 'Grenier', kind: 'home' });
  const lot = await call(t.app, owner.cookie, {
    method: 'POST',
    url: '/api/lots',
    payload: {
      storeId,
      crop: 'Maize',
      grade: 'A',
      quantity: 5,
      photos: [{ photo: tinyPng({ size: 16 }).toString('base64'), thumb: tinyPng().toString('base64') }],
    },
  });
  const { id, photos } = lot.json<{ id: number; photos: { url: string }[] }>();
  ids['/api/lots/{id}'] = { id };
  ids['/api/lots/{id}/photos/{hash}'] = { id, hash: photos[0]?.url.split('/').at(-1) ?? '' };
  const coop = await call(t.app, manager.cookie, {
    method: 'POST',
    url: '/api/stores',
    payload: { name: 'Co-op', kind: 'coop' },
  });
  const moved = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/lots/${id}/movements`,
    payload: { kind: 'transfer', quantity: 1, toStoreId: coop.json<{ id: number }>().id },
  });
  const depositId = moved.json<{ movements: { otherLotId: number | null }[] }>().movements[0]?.otherLotId;
  const deposit = await call(t.app, owner.cookie, { method: 'GET', url: `/api/lots/${depositId}` });
  if (deposit.statusCode !== 200) {
    throw new Error(`fixture deposit: ${moved.statusCode} ${moved.body.slice(0, 200)}`);
  }
  ids['/api/receipts/{code}'] = { code: deposit.json<{ receipt: { code: string } }>().receipt.code };
  // One of the lessons the app ships (server/lessons/content); the reader is named an expert, who sees its working copy.
  ids['/api/lessons/{slug}'] = { slug: 'maize-planting' };
  await call(t.app, manager.cookie, { method: 'PUT', url: `/api/lesson-experts/${owner.user.id}` });
  // A buyer's forward agreement with the reader (its seller).
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  const proposed = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: '/api/forward-agreements',
    payload: {
      sellerId: owner.user.id,
      crop: 'maize',
      grade: 'A',
      quantity: 5,
      tolerancePercent: 10,
      pricing: { kind: 'fixed', price: 200 },
      deliveryFrom: new Date().toISOString().slice(0, 10),
      deliveryTo: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      place: 'Bafoussam',
      depositPercent: 20,
    },
  });
  ids['/api/forward-agreements/{id}'] = { id: proposed.json<{ id: number }>().id };
}

afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('query and path fuzzing of reads', () => {
  it(`answers ${RUNS} generated bad queries per GET route with a 2xx or a 4xx JSON error`, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: Parameter[] } }>;
    }>();
    const routes: GetRoute[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const params = ops.get?.parameters ?? [];
      const route = {
        path,
        query: params.filter((p) => p.in === 'query'),
        pathParams: params.filter((p) => p.in === 'path'),
      };
      if (ops.get && (route.query.length > 0 || route.pathParams.length > 0)) {
        routes.push(route);
      }
    }
    expect(routes.length).toBeGreaterThan(15);
    const findings: string[] = [];
    let cases = 0;
    const statuses: Record<string, number> = {};
    for (const route of routes) {
      const routeIds = route.pathParams.length > 0 ? idsFor(route.path) : {};
      if (!routeIds || route.pathParams.some((p) => routeIds[p.name] === undefined)) {
        findings.push(`GET ${route.path}: no fixture for its path ids`);
        continue;
      }
      const url = (c: Case) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          c.pathParam?.[0] === name ? c.pathParam[1] : String(routeIds[name]),
        );
        // A parameter the route requires is sent unless the case sends its own (a raw query replaces them all).
        const pairs = c.pairs ?? [];
        const required = (REQUIRED_QUERY[route.path] ?? []).filter(
          ([k]) => !pairs.some(([name]) => name === k),
        );
        const query = c.rawQuery ?? [...required, ...pairs].map(([k, v]) => `${k}=${v}`).join('&');
        return query ? `${path}?${query}` : path;
      };
      // The fixtures are right: the plain route answers 200, so fuzzed queries reach the handler.
      const reader = readerOf(route.path);
      const plain = await call(t.app, reader.cookie, { method: 'GET', url: url({ label: 'plain' }) });
      if (plain.statusCode !== 200) {
        findings.push(
          `GET ${route.path}: plain request answered ${plain.statusCode} ${plain.body.slice(0, 200)}`,
        );
        continue;
      }
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), async (c) => {
          cases += 1;
          const target = url(c);
          const res = await call(t.app, reader.cookie, { method: 'GET', url: target });
          const family = `${String(res.statusCode)[0]}xx`;
          statuses[family] = (statuses[family] ?? 0) + 1;
          const where = `GET ${route.path} [${c.label}] ${target.slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            findings.push(where);
          } else if (res.statusCode >= 400) {
            const json = String(res.headers['content-type']).startsWith('application/json');
            const body = json ? res.json<{ message?: unknown; code?: unknown }>() : {};
            if (typeof body.message !== 'string' || !body.message || typeof body.code !== 'string') {
              findings.push(`no {message, code}: ${where}`);
            }
          } else if (res.statusCode < 200 || res.statusCode >= 300) {
            findings.push(`unexpected status: ${where}`);
          }
        }),
        { numRuns: RUNS },
      );
    }
    console.log(`fuzz-query: ${cases} cases over ${routes.length} GET routes ${JSON.stringify(statuses)}`);
    expect([...new Set(findings)]).toEqual([]);
  }, 600_000);
});

/** A meeting of the owner's co-operative (its attendees theirs to read), and the owner's calendar feed. */
async function calendarFixtures() {
  const coopId = ids['/api/groups/{id}']?.id;
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const id = await created('/api/calendar', {
    kind: 'coop_meeting',
    title: 'General assembly',
    startsAt: at(48),
    endsAt: at(50),
    place: { name: 'Dschang' },
    groupId: coopId,
  });
  ids['/api/calendar/{id}'] = { id };
  const feed = await call(t.app, owner.cookie, { method: 'POST', url: '/api/calendar/feed' });
  const token = /feed\/([^/]+)\.ics$/.exec(feed.json<{ url: string }>().url)?.[1] ?? '';
  ids['/api/calendar/feed/{token}'] = { token };
}
