// Property-based bad-input fuzzing of every write route: always a 4xx JSON error, never a 5xx, never a write.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/constants';
import type { TGroup } from '../../contract/groups';
import { sender } from '../test/agent-sale';
import { completeOrder, disputedOrder, soldOrder } from '../test/completed-order';
import { createFarm, userWithRole } from '../test/factories';
import { joinByInvitation } from '../test/groups';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../test/harness';
import { tinyPng } from '../test/images';
import { MAX_JSON_DEPTH } from './json-parser';
import { PERMISSIONS } from './permissions';

const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
/** A real photo, so that the valid body of a route that takes photos is accepted. */
const PNG_BASE64 = tinyPng().toString('base64');
/** Its thumbnail (other bytes), for the routes that take a photo with its thumbnail. */
const THUMB_BASE64 = tinyPng({ size: 4 }).toString('base64');

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  pattern?: string;
  nullable?: boolean;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-access'?: string;
}
interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: JsonSchema | null;
}
/** A generated request; `mustFail` cases are invalid by construction, the others only must not break anything. */
interface Case {
  label: string;
  path?: string;
  body?: string;
  contentType?: string;
  mustFail: boolean;
}
interface Target {
  session: Session | null;
  ids: Record<string, number | string>;
  headers: Record<string, string>;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);

/** One valid body per write route that takes one: the fuzzer breaks these. */
/** A forward agreement's terms for 5 t of maize, from today for 30 days, proposed to `sellerId`. */
function agreementTerms(sellerId: number): Record<string, unknown> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    sellerId,
    crop: 'maize',
    grade: 'A',
    quantity: 5,
    tolerancePercent: 10,
    pricing: { kind: 'fixed', price: 200 },
    deliveryFrom: from,
    deliveryTo: to,
    place: 'Bafoussam',
    depositPercent: 20,
  };
}

const VALID: Record<string, Record<string, unknown>> = {
  'POST /api/register': { username: 'fuzz_valid', password: 'correct-horse-battery' },
  'POST /api/login': { username: 'nobody_here', password: 'wrong-password' },
  'POST /api/password-reset/request': { account: 'nobody_here' },
  'POST /api/password-reset/confirm': {
    account: 'nobody_here',
    code: '123456',
    newPassword: 'correct-horse-battery',
  },
  'POST /api/user/password': {
    currentPassword: 'correct-horse-battery',
    newPassword: 'correct-horse-battery',
  },
  'PATCH /api/user/language': { language: 'fr' },
  'POST /api/farms/{id}/sensor-data': {
    readings: [{ timestamp: daysAgo(1).toISOString(), type: 'temperature', value: 24 }],
  },
  'POST /api/devices/sensor-data': {
    readings: [{ timestamp: daysAgo(1).toISOString(), type: 'humidity', value: 60 }],
  },
  'POST /api/farms/{id}/devices': { name: 'Station' },
  'POST /api/farms/{id}/surveys': {
    date: day(1),
    pests: [{ name: 'armyworm', severity: 2 }],
    irrigationMm: 5,
  },
  'POST /api/farms/{id}/analytics/generate': { type: 'pest_risk' },
  'POST /api/farms/{id}/transactions': { type: 'expense', category: 'seeds', amount: 12.5, date: day(3) },
  'POST /api/farms/{id}/sales': { type: 'custom', date: day(2), quantity: 1, pricePerUnit: 150 },
  'POST /api/farms/{id}/reports': { type: 'income_statement', period: 'monthly' },
  'POST /api/farms/{id}/projections': {
    name: 'Dry year',
    months: [{ month: day(0).slice(0, 7), income: 100, expense: 50 }],
  },
  'POST /api/commodities': {
    name: 'Cassava',
    quantity: 2,
    price: 120,
    grade: 'B',
    photos: [{ photo: PNG_BASE64, thumb: THUMB_BASE64 }],
  },
  'PATCH /api/commodities/{id}': { price: 260, quantity: 3 },
  'POST /api/commodities/{id}/photos': { photos: [{ photo: PNG_BASE64, thumb: THUMB_BASE64 }] },
  'POST /api/bids': { commodityId: 1, price: 240, quantity: 1 },
  'PATCH /api/bids/{id}': { status: 'rejected' },
  'POST /api/commodity-requests': {
    commodityName: 'Sorghum',
    quantity: '5',
    targetPrice: '180',
    grade: 'A',
    deliveryTimeline: 'within_week',
  },
  'PATCH /api/commodity-requests/{id}': { status: 'closed' },
  'POST /api/posts': {
    content: 'Rain at last',
    type: 'insight',
    attachments: ['photo'],
    photos: [{ photo: PNG_BASE64, thumb: THUMB_BASE64 }],
  },
  'POST /api/posts/{id}/comments': { content: 'Agreed' },
  'POST /api/posts/{id}/react': { type: 'like' },
  'POST /api/connections': { userId: 1 },
  'PATCH /api/connections/{id}': { status: 'accepted' },
  'POST /api/orders/{id}/cancel': { reason: 'No truck' },
  'POST /api/orders/{id}/delivery': { driverId: 1 },
  'PATCH /api/deliveries/{id}': {
    status: 'delivered',
    note: 'At the gate',
    weighedQuantity: 990,
    code: '123456',
  },
  'POST /api/orders/{id}/payments': {
    amount: 12.5,
    method: 'mobile_money',
    reference: 'MM-1',
    paidAt: day(1),
  },
  'POST /api/orders/{id}/dispute': { reason: 'quality', note: 'Wet grain' },
  'POST /api/orders/{id}/mobile-payments': { provider: 'mtn_momo', phone: '237670000002' },
  'POST /api/payouts/{id}/record': { method: 'cash', reference: 'RCPT-1', paidAt: day(1) },
  'POST /api/orders/{id}/dispute/reply': { note: 'Dry when loaded', photos: [PNG_BASE64] },
  'PATCH /api/orders/{id}/dispute': { resolution: 'partial_refund', amount: 5, note: 'Agreed' },
  'POST /api/agent-links': { farmerId: 1 },
  'PATCH /api/agent-links/{id}': { status: 'active' },
  'PUT /api/orders/{id}/rating': { score: 4, note: 'Dry grain, on time' },
  'PATCH /api/ratings/{id}': { hidden: true },
  'POST /api/notifications/read': { ids: [1, 2] },
  'PUT /api/notification-preferences': {
    types: { bid_received: { inApp: true, sms: true, whatsapp: false } },
    quietHours: { start: '21:00', end: '06:00', timeZone: 'Africa/Douala' },
  },
  'POST /api/user/phone': { countryCode: '+237', phoneNumber: '677 12 34 56', channel: 'sms' },
  'POST /api/user/phone/verify': { code: '123456' },
  'PUT /api/user/pin': { pin: '1234', currentPassword: 'correct-horse-battery' },
  'POST /api/batch': {
    requests: [
      { method: 'POST', path: '/api/notifications/read', body: { all: true }, idempotencyKey: 'fuzz-1' },
    ],
  },
  'PATCH /api/users/{id}/role': { role: 'agent' },
  'PUT /api/profile': { bio: 'Maize', farmingExperience: 5, preferredCrops: ['maize'] },
  'PUT /api/enhanced-profile': { region: 'West', farmTypes: ['mixed'], showContact: true },
  'POST /api/saved-searches': { name: 'Cheap maize', query: 'maize', grade: 'A', maxPrice: 300 },
  'POST /api/commodity-kinds': {
    key: 'fuzz_kind',
    names: { en: 'Fuzz crop', fr: 'Culture fuzz' },
    synonyms: ['fuzzy'],
    grades: ['A'],
    units: [{ key: 'bag_50kg', names: { en: 'Bag of 50 kg', fr: 'Sac de 50 kg' }, kg: 50 }],
  },
  // Every array of objects is given, so that the nested cases have an item to break.
  'PATCH /api/commodity-kinds/{key}': {
    names: { en: 'Maize', fr: 'Maïs' },
    synonyms: ['corn', 'mais'],
    grades: ['A', 'B', 'C'],
    units: [{ key: 'bag_100kg', names: { en: 'Bag of 100 kg', fr: 'Sac de 100 kg' }, kg: 100 }],
  },
  'POST /api/commodity-kind-requests': { name: 'Egusi', note: 'Melon seeds' },
  'POST /api/price-alerts': { commodity: 'maize', price: 300 },
  'POST /api/farms': {
    name: 'Fuzz farm',
    size: 1,
    latitude: 4,
    longitude: 9,
    elevation: 10,
    crop: 'maize',
    plantingDate: day(30),
  },
  'PATCH /api/farms/{id}': { name: 'Renamed farm', size: 3 },
  'POST /api/farms/{id}/members': { userId: 1, role: 'viewer' },
  'POST /api/farms/{id}/plots': { name: 'Upper field', area: 0.5 },
  'PATCH /api/farms/{id}/plots/{plotId}': { name: 'Home plot', area: 2.5, archived: false },
  'POST /api/farms/{id}/crop-plans': {
    plotId: 1,
    crop: 'maize',
    variety: 'CMS 8704',
    area: 1,
    plantingDate: day(-10),
    targetQuantity: 2,
    targetDate: day(-130),
  },
  'PATCH /api/crop-plans/{id}': { variety: 'Local', area: 1, plantingDate: day(20) },
  'POST /api/crop-plans/{id}/abandon': { reason: 'drought', note: 'No rain in May' },
  'POST /api/crop-plans/{id}/inputs': {
    kind: 'seed',
    name: 'Hybrid seed',
    quantity: 10,
    unit: 'kg',
    cost: 25,
    date: day(1),
  },
  'POST /api/crop-plans/{id}/harvests': {
    date: day(0),
    quantity: 2,
    unit: 'bag50',
    grade: 'A',
    moisture: 14,
    final: false,
    uses: { home: 1, stored: 1 },
  },
  'POST /api/crop-plans/{id}/links': { source: 'transaction', id: 1 },
  'POST /api/farms/{id}/tasks': { title: 'Mend the fence', due: day(-3), note: 'Before the rains' },
  'PATCH /api/tasks/{id}': { status: 'done', doneAt: day(0), note: 'Done early' },
  'POST /api/stores': { name: 'Grenier', kind: 'home', location: 'Foumbot' },
  'POST /api/stores/{id}/keepers': { userId: 1 },
  // Store 1 is the first store a fixture opened (not the caller's: a valid body is refused 404 as another's).
  'POST /api/lots': {
    storeId: 1,
    crop: 'Maize',
    variety: 'CMS 8704',
    grade: 'A',
    moisture: 13,
    quantity: 2,
    date: day(1),
    photos: [{ photo: PNG_BASE64, thumb: THUMB_BASE64 }],
  },
  'POST /api/lots/{id}/movements': {
    kind: 'loss',
    quantity: 0.5,
    reason: 'pests',
    note: 'Weevils',
    date: day(1),
  },
  'POST /api/lots/{id}/photos': { photos: [{ photo: PNG_BASE64, thumb: THUMB_BASE64 }] },
  'POST /api/lessons/{slug}/progress': { finished: true },
  'POST /api/lessons': {
    slug: 'fuzz-weeding',
    topic: 'crops',
    crops: ['maize'],
    stages: ['development'],
    readingMinutes: 2,
    sources: [{ publisher: 'IITA', title: 'Maize guide', year: 2019, url: 'https://www.iita.org/' }],
    en: {
      title: 'Weeding maize',
      summary: 'Weed twice',
      sections: [{ kind: 'text', text: 'Weeds take water.' }],
      keySteps: ['Weed early', 'Weed again', 'Keep rows clean'],
    },
  },
  'PATCH /api/lessons/{slug}': {
    readingMinutes: 3,
    stages: ['mid'],
    sources: [{ publisher: 'CIMMYT', title: 'Maize guide', year: 2020, url: 'https://www.cimmyt.org/' }],
  },
  'POST /api/lessons/{slug}/review': { decision: 'send_back', comment: 'Cite the source of the yield.' },
  'PUT /api/lessons/privacy': { shared: false },
  'POST /api/forward-agreements': agreementTerms(1),
  'POST /api/forward-agreements/{id}/decision': { decision: 'decline', note: 'Too early for us' },
  'POST /api/forward-agreements/{id}/deposit': { provider: 'mtn_momo', phone: '237670000002' },
  'POST /api/forward-agreements/{id}/orders': { quantity: 1 },
  'PUT /api/forward-agreements/{id}/plan': { planId: null },
  'POST /api/forward-agreements/{id}/dispute': { note: 'The goods were not collected' },
  'POST /api/forward-agreements/{id}/resolve': { outcome: 'fulfilled', note: 'Both sides agree' },
  'POST /api/groups': {
    name: 'Coop Menoua',
    kind: 'cooperative',
    description: 'Maize around Dschang',
    region: 'West',
    visibility: 'members',
    crops: ['Maize'],
    levyPercent: 2.5,
    transportPerTon: 100_000,
    gradeDifferentials: { A: 500, B: 0, C: -500 },
  },
  'PATCH /api/groups/{id}': {
    name: 'Coop Menoua',
    description: 'Maize and beans',
    region: 'West',
    visibility: 'members',
    crops: ['Maize', 'Beans'],
    levyPercent: 3,
    transportPerTon: 50_000,
    gradeDifferentials: { A: 1000, C: -1000 },
  },
  // The fixture's member (a valid invitation of them is refused: they are one already).
  'POST /api/groups/{id}/members': { userId: 1, role: 'member' },
  'POST /api/groups/{id}/members/{userId}/decision': { accept: true },
  'PATCH /api/groups/{id}/members/{userId}': { role: 'store_keeper' },
  'POST /api/groups/{id}/posts': { body: 'Market day on Friday' },
  'POST /api/groups/{id}/posts/{postId}/comments': { body: 'I will be there' },
  'POST /api/groups/{id}/stores': { name: 'Magasin Dschang', location: 'Dschang' },
  'POST /api/groups/{id}/intakes': {
    memberId: 1,
    crop: 'Maize',
    grade: 'B',
    moisture: 13,
    quantity: 0.3,
    bags: 6,
    storeId: 1,
    date: day(1),
  },
  'POST /api/groups/{id}/intakes/{intakeId}/reversal': { reason: 'Weighed twice' },
  'POST /api/groups/{id}/credits': { memberId: 1, amount: 5_000, note: 'Seed and fertiliser', date: day(1) },
  'POST /api/groups/{id}/settlements': { orderId: 1 },
  'POST /api/groups/{id}/settlements/{sid}/shares/{memberId}/cash': { reference: 'Reçu 0042' },
  'POST /api/groups/{id}/broadcasts': {
    en: 'Weighing on Friday',
    fr: 'Pesée vendredi',
    crop: 'Maize',
    dryRun: true,
  },
  'POST /api/calendar': {
    kind: 'training',
    title: 'Maize storage training',
    description: 'Hermetic bags',
    startsAt: daysAgo(-3).toISOString(),
    endsAt: daysAgo(-3.1).toISOString(),
    place: { name: 'Dschang', latitude: 5.45, longitude: 10.05 },
    capacity: 40,
  },
  'PATCH /api/calendar/{id}': { title: 'General assembly, moved', place: { name: 'Foumbot' }, capacity: 50 },
  'POST /api/calendar/{id}/rsvp': { answer: 'yes' },
  'POST /api/calendar/{id}/check-ins': { userId: 1 },
  'PUT /api/calendar/{id}/minutes': { minutes: 'Levy kept at 2 %.' },
};

const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  'NaN',
  'Infinity',
  '%20',
  '1%3BDROP%20TABLE%20users',
];
const INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '\u0000',
  'nul\u0000byte',
  '\ud800',
  '\u202eevil',
  '\u200b',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}{{7*7}}'),
  '%s%n%x',
  '\r\nSet-Cookie: x=1',
  '👩🏽‍🌾🌽',
  'ﬀ𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '../../etc/passwd',
];
const MALFORMED = ['{', '{"a":', 'nul', '[1,2', '"\\u12"', '{"a":1,}', "{'a':1}", '\u0000', ''];
const WRONG_TYPES = [
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['text/plain', '{"a":1}'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/xml', '<a>1</a>'],
  ['application/octet-stream', '{}'],
] as const;
/** The edges of the integer columns (2³¹−1 cents and kilograms) and one past them, as numbers and as text. */
const COLUMN_EDGES = [
  2_147_483_647,
  2_147_483_648,
  21_474_836.47,
  21_474_836.48,
  2_147_483.647,
  2_147_483.648,
  99_999_999_999,
  '21474836.48',
  '2147483.648',
  '9999999999',
];
const NUMBERS_OUT = [
  ...COLUMN_EDGES,
  -1,
  0,
  -0.001,
  1e308,
  -1e308,
  1.5,
  2 ** 53,
  'NaN',
  'Infinity',
  '1e308',
  '-5',
  '0',
  '12abc',
  '',
];

/** Values that break one property's schema (so the whole body is invalid). */
function badValues(s: JsonSchema): unknown[] {
  const types = s.anyOf ? s.anyOf.map((x) => x.type) : [s.type];
  const out: unknown[] = [{}];
  if (s.type !== 'array') {
    out.push(['x']);
  }
  if (!types.includes('boolean')) {
    out.push(true);
  }
  if (!s.nullable && s.type !== undefined) {
    out.push(null);
  }
  if (types.includes('number') || types.includes('integer')) {
    // Money and quantities (number or text): out of range, not numbers, too many decimals.
    out.push(1e308, -1e308, 'NaN', 'Infinity', '-5', '12abc', 'abc');
    if (s.anyOf) {
      // Money and quantities as number or text: never negative, never beyond the column, never empty.
      out.push(-1, -0.5, '', '1e308', '1,2,3', '--1');
    }
    if (s.minimum !== undefined && s.minimum >= 0) {
      out.push(s.minimum - 1);
    }
    if (s.maximum !== undefined) {
      out.push(s.maximum + 1, 1e308);
    }
    if (s.type === 'integer') {
      out.push(1.5);
    }
  } else if (s.type === 'string' && !s.anyOf) {
    out.push(7);
    if (s.maxLength !== undefined) {
      out.push('x'.repeat(s.maxLength + 1), '🌽'.repeat(s.maxLength + 1), 'y'.repeat(200_000));
    }
    if (s.minLength !== undefined && s.minLength >= 1) {
      out.push('');
    }
    if (s.enum) {
      out.push(
        'bogus',
        String(s.enum[0]).toUpperCase() === s.enum[0] ? 'x' : String(s.enum[0]).toUpperCase(),
      );
    }
    if (s.pattern) {
      const pattern = new RegExp(s.pattern);
      out.push(
        ...['2026-02-30', '2026-13-01', 'yesterday', "'; DROP TABLE users; --"].filter(
          (v) => !pattern.test(v),
        ),
      );
    }
  } else if (s.type === 'array') {
    out.push('not an array', [null], [7, 8]);
    if (s.maxItems !== undefined) {
      out.push(Array.from({ length: s.maxItems + 1 }, () => sampleItem(s.items)));
    }
    if (s.minItems !== undefined && s.minItems >= 1) {
      out.push([]);
    }
  }
  return out;
}

function sampleItem(s: JsonSchema | undefined): unknown {
  if (s?.type === 'string') {
    return 'x';
  }
  if (s?.type === 'object') {
    return { name: 'x', severity: 1, month: '2026-01', income: 1, expense: 1 };
  }
  return 1;
}

function caseArbitrary(route: WriteRoute, key: string): fc.Arbitrary<Case> {
  const valid = VALID[key] ?? null;
  const json = (value: unknown) => JSON.stringify(value);
  const validText = valid ? json(valid) : undefined;
  const arbs: fc.Arbitrary<Case>[] = [];
  // Properties typed `{}` are accepted and ignored (e.g. a report's `data`): nothing to break there.
  const props = Object.entries(route.body?.properties ?? {}).filter(
    ([, p]) => p.type !== undefined || p.anyOf,
  );
  const required = route.body?.required ?? [];
  if (valid && props.length > 0) {
    // One property replaced by a value its schema refuses (nested array items included).
    arbs.push(
      fc
        .constantFrom(...props)
        .chain(([name, schema]) =>
          fc.constantFrom(...badValues(schema)).map((v) => ({ name, v, nested: schema.items?.properties })),
        )
        .map(({ name, v }) => ({
          label: `bad ${name}`,
          body: json({ ...valid, [name]: v }),
          mustFail: true,
        })),
    );
    // Nested: one field of an array item broken.
    const arrays = props.filter(([, s]) => s.type === 'array' && s.items?.properties);
    if (arrays.length > 0) {
      arbs.push(
        fc.constantFrom(...arrays).chain(([name, schema]) =>
          fc
            // The same rule as above: a field typed `{}` (a batched write's own body) accepts anything.
            .constantFrom(
              ...Object.entries(schema.items?.properties ?? {}).filter(
                ([, p]) => p.type !== undefined || p.anyOf,
              ),
            )
            .chain(([field, fs]) => fc.constantFrom(...badValues(fs)).map((v) => ({ field, v })))
            .map(({ field, v }) => {
              const items = valid[name] as Record<string, unknown>[];
              return {
                label: `bad ${name}[0].${field}`,
                body: json({ ...valid, [name]: [{ ...items[0], [field]: v }] }),
                mustFail: true,
              };
            }),
        ),
      );
    }
    // U+0000 anywhere in text: PostgreSQL cannot store it, so it must be refused up front.
    const texts = props.filter(([, p]) => p.type === 'string' || p.anyOf);
    if (texts.length > 0) {
      arbs.push(
        fc.tuple(fc.constantFrom(...texts), fc.string({ maxLength: 20 })).map(([[name], around]) => ({
          label: `NUL in ${name}`,
          body: json({ ...valid, [name]: `${around}\u0000${around}` }),
          mustFail: true,
        })),
      );
    }
    // The body as a whole of the wrong type.
    arbs.push(
      fc
        .constantFrom([], 'text', 42, null, true, [valid])
        .map((b) => ({ label: 'body type', body: json(b), mustFail: true })),
    );
    if (required.length > 0) {
      arbs.push(
        fc.subarray(required, { minLength: 1 }).map((drop) => ({
          label: `missing ${drop.join(',')}`,
          body: json(Object.fromEntries(Object.entries(valid).filter(([k]) => !drop.includes(k)))),
          mustFail: true,
        })),
        // Missing fields with extra ones and prototype-polluting keys alongside.
        fc
          .tuple(
            fc.constantFrom(...required),
            fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })),
          )
          .map(([drop, generated]) => {
            const rest = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== drop));
            // The extra keys are random: one may happen to be the dropped field itself, which is then not missing.
            const extra = Object.fromEntries(Object.entries(generated).filter(([k]) => k !== drop));
            return { label: `missing ${drop} + extra`, body: json({ ...extra, ...rest }), mustFail: true };
          }),
      );
    }
    // Strings and numbers from the hostile lists in any property (may be valid: must not break anything).
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...props.map(([n]) => n)),
          fc.oneof(
            fc.constantFrom(...INJECTION, ...NUMBERS_OUT),
            fc.string({ unit: 'binary', maxLength: 300 }),
            fc.double(),
          ),
        )
        .map(([name, v]) => ({
          label: `hostile ${name}`,
          body: json({ ...valid, [name]: v }),
          mustFail: false,
        })),
    );
  }
  if (validText !== undefined || route.body === null) {
    const rest = validText ? `,${validText.slice(1)}` : '}';
    arbs.push(
      fc.constantFrom('__proto__', 'constructor').map((k) => ({
        label: `${k} key`,
        body:
          k === '__proto__'
            ? `{"__proto__":{"role":"manager","isAdmin":true}${rest}`
            : `{"constructor":{"prototype":{"role":"manager"}}${rest}`,
        mustFail: true,
      })),
    );
  }
  arbs.push(fc.constantFrom(...MALFORMED).map((body) => ({ label: 'malformed JSON', body, mustFail: true })));
  // Nesting past the limit anywhere (an unknown field included) is refused before anything walks it.
  arbs.push(
    fc.constantFrom(MAX_JSON_DEPTH + 1, 1_000, 40_000).map((depth) => ({
      label: `nested ${depth} deep`,
      body: `{"deep":${'['.repeat(depth)}1${']'.repeat(depth)}${validText ? `,${validText.slice(1)}` : '}'}`,
      mustFail: true,
    })),
  );
  arbs.push(
    fc.constantFrom(...WRONG_TYPES).map(([contentType, body]) => ({
      label: `content type ${contentType}`,
      body,
      contentType,
      mustFail: true,
    })),
  );
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  if (params.length > 0) {
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...params),
          fc.oneof(fc.constantFrom(...BAD_IDS), fc.stringMatching(/^-?\d{11,25}$/)),
        )
        .map(([param, bad]) => ({
          label: `bad ${param} ${bad}`,
          path: route.path.replace(`{${param}}`, bad),
          body: validText,
          mustFail: true,
        })),
    );
  }
  return fc.oneof(...arbs);
}

let t: TestApp;
let counter = 0;
const tables: string[] = [];
/**
 * Tables a refused login or password-reset code may legitimately write to (failure counters, the network's tries
 * counted in the database).
 */
const NOISY = new Set(['login_failures', 'rate_events']);

async function rowCounts(): Promise<Record<string, number>> {
  const query = tables
    .map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const result = await t.ctx.db.execute<{ name: string; n: number }>(sql.raw(query));
  const rows = (
    Array.isArray(result) ? result : (result as { rows: { name: string; n: number }[] }).rows
  ) as {
    name: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

function roleFor(key: string, access: string): Role | null {
  if (access === 'public') {
    return key === 'POST /api/logout' ? 'farmer' : null;
  }
  if (key.startsWith('POST /api/lessons') || key.startsWith('PATCH /api/lessons')) {
    // Lessons are written by managers and experts: their bodies are checked past the policy.
    return 'manager';
  }
  if (access in PERMISSIONS) {
    return (PERMISSIONS[access as keyof typeof PERMISSIONS] as readonly Role[])[0] ?? 'farmer';
  }
  return 'farmer';
}

async function created(app: FastifyInstance, s: Session, url: string, payload: object): Promise<number> {
  const res = await call(app, s.cookie, { method: 'POST', url, payload });
  if (res.statusCode !== 201) {
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ id: number }>().id;
}

/** The first plan of a new farm (made from its crop), and its plot. */
async function farmPlan(owner: Session, farmId: number): Promise<{ id: number; plotId: number }> {
  const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farmId}/crop-plans` });
  const [plan] = res.json<{ plans: { id: number; plotId: number }[] }>().plans;
  if (!plan) {
    throw new Error(
      `fixture: farm ${farmId} has no first plan (${res.statusCode} ${res.body.slice(0, 120)})`,
    );
  }
  return plan;
}

/** A fresh caller per route (the write limit is per user) and the resources its path ids point at. */
async function targetFor(route: WriteRoute, key: string, access: string): Promise<Target> {
  const { app, ctx } = t;
  const role = roleFor(key, access);
  const session = role ? await userWithRole(app, ctx, role) : null;
  const ids: Record<string, number | string> = {};
  const headers: Record<string, string> = {};
  const p = route.path;
  const other = async (r: Role) => userWithRole(app, ctx, r);
  if (p.startsWith('/api/farms/{id}') || p === '/api/devices/sensor-data') {
    const owner = session ?? (await other('farmer'));
    const farm = await createFarm(app, owner);
    ids.id = farm.id;
    const device = await call(app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/devices`,
      payload: { name: 'Probe' },
    });
    ids.deviceId = device.json<{ id: number }>().id;
    headers.authorization = `Bearer ${device.json<{ key: string }>().key}`;
    ids.transactionId = await created(app, owner, `/api/farms/${farm.id}/transactions`, {
      category: 'produce_sales',
      amount: 40,
      date: day(4),
    });
    ids.plotId = (await farmPlan(owner, farm.id)).plotId;
  } else if ((p.startsWith('/api/crop-plans/{id}') || p.startsWith('/api/tasks/{id}')) && session) {
    // The first plan of a farm of the caller's (from its crop), a task of theirs, an expense to unlink.
    const farm = await createFarm(app, session);
    ids.id = p.startsWith('/api/tasks/')
      ? await created(app, session, `/api/farms/${farm.id}/tasks`, { title: 'Weed', due: day(-1) })
      : (await farmPlan(session, farm.id)).id;
    ids.source = 'transaction';
    ids.sourceId = await created(app, session, `/api/farms/${farm.id}/transactions`, {
      type: 'expense',
      category: 'seeds',
      amount: 40,
      date: day(4),
    });
  } else if (p.startsWith('/api/forward-agreements/{id}') && session) {
    // A buyer's proposal to the caller (the farmer: its seller); a manager's (resolving) to another farmer.
    const seller = role === 'farmer' ? session : await other('farmer');
    ids.id = await created(
      app,
      await other('buyer'),
      '/api/forward-agreements',
      agreementTerms(seller.user.id),
    );
  } else if (p.startsWith('/api/lessons/{slug}')) {
    // One of the lessons the app ships (server/lessons/content).
    ids.slug = 'maize-planting';
  } else if (p.startsWith('/api/commodities/{id}') && session) {
    ids.id = await created(app, session, '/api/commodities', {
      name: 'Maize',
      quantity: 10,
      price: 250,
      grade: 'A',
    });
  } else if (p.startsWith('/api/bids/{id}') && session) {
    const listing = await created(app, session, '/api/commodities', {
      name: 'Maize',
      quantity: 10,
      price: 250,
      grade: 'A',
    });
    ids.id = await created(app, await other('buyer'), '/api/bids', {
      commodityId: listing,
      price: 200,
      quantity: 1,
    });
  } else if (p.startsWith('/api/commodity-requests/{id}')) {
    const buyer = await other('buyer');
    ids.id = await created(
      app,
      buyer,
      '/api/commodity-requests',
      VALID['POST /api/commodity-requests'] ?? {},
    );
    return { session: buyer, ids, headers };
  } else if (p.startsWith('/api/posts/{id}') && session) {
    ids.id = await created(app, session, '/api/posts', { content: 'Hello' });
  } else if (p.startsWith('/api/comments/{id}') && session) {
    const post = await created(app, session, '/api/posts', { content: 'Hello' });
    ids.id = await created(app, session, `/api/posts/${post}/comments`, { content: 'Hi' });
  } else if (p.startsWith('/api/connections/{id}') && session) {
    ids.id = await created(app, await other('farmer'), '/api/connections', { userId: session.user.id });
  } else if (p === '/api/orders/{id}/rating' && session) {
    // A completed order the caller sold: a valid rating is accepted, so every refused one must write nothing.
    const sold = await soldOrder(app, ctx, { farmer: session });
    await completeOrder(app, sold);
    ids.id = sold.order.id;
  } else if (p === '/api/orders/{id}/dispute/reply' && session) {
    // A dispute on the caller's sale: a valid answer is accepted, so every refused one must write nothing.
    ids.id = (await disputedOrder(app, ctx, { farmer: session })).order.id;
  } else if (p.startsWith('/api/ratings/{id}')) {
    const sold = await soldOrder(app, ctx);
    await completeOrder(app, sold);
    const rating = await call(app, sold.buyer.cookie, {
      method: 'PUT',
      url: `/api/orders/${sold.order.id}/rating`,
      payload: { score: 2, note: 'Late' },
    });
    ids.id = rating.json<{ id: number }>().id;
  } else if (p.startsWith('/api/users/{id}')) {
    ids.id = (await registerUser(app)).user.id;
  } else if (p.startsWith('/api/saved-searches/{id}') && session) {
    ids.id = await created(app, session, '/api/saved-searches', { name: 'Beans' });
  } else if (p.startsWith('/api/commodity-kinds/{key}')) {
    ids.key = 'maize';
  } else if (p.startsWith('/api/commodity-kind-requests/{id}')) {
    ids.id = await created(app, await other('farmer'), '/api/commodity-kind-requests', { name: 'Egusi' });
  } else if ((p.startsWith('/api/stores/{id}') || p.startsWith('/api/lots/{id}')) && session) {
    // A home store of the caller's with a keeper to remove, and a lot of 5 t in it.
    ids.id = await created(app, session, '/api/stores', { name: 'Grenier', kind: 'home' });
    ids.userId = (await registerUser(app)).user.id;
    await created(app, session, `/api/stores/${ids.id}/keepers`, { userId: ids.userId });
    if (p.startsWith('/api/lots/')) {
      ids.id = await created(app, session, '/api/lots', {
        storeId: ids.id,
        crop: 'Maize',
        grade: 'A',
        quantity: 5,
      });
    }
  } else if (p.startsWith('/api/groups/{id}') && session) {
    // A co-operative the caller administers, with a member, a store, the member's intake and a post.
    const group = await call(app, session.cookie, {
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Coop Menoua', kind: 'cooperative' },
    });
    const coop = group.json<TGroup>();
    const member = await registerUser(app);
    await joinByInvitation(
      sender(() => app),
      coop.id,
      session,
      member,
    );
    ids.id = coop.id;
    ids.userId = member.user.id;
    ids.memberId = member.user.id;
    const storeId = await created(app, session, `/api/groups/${coop.id}/stores`, { name: 'Magasin' });
    ids.intakeId = await created(app, session, `/api/groups/${coop.id}/intakes`, {
      memberId: member.user.id,
      crop: 'Maize',
      grade: 'B',
      quantity: 0.5,
      storeId,
    });
    ids.postId = await created(app, session, `/api/groups/${coop.id}/posts`, { body: 'Hello' });
  } else if (p.startsWith('/api/price-alerts/{id}') && session) {
    ids.id = await created(app, session, '/api/price-alerts', { commodity: 'maize', price: 300 });
  } else if (p.startsWith('/api/calendar/{id}') && session) {
    // A meeting of a co-operative the caller administers: theirs to change, answer, check in at, write up.
    const coop = await created(app, session, '/api/groups', { name: 'Coop Menoua', kind: 'cooperative' });
    ids.id = await created(app, session, '/api/calendar', {
      kind: 'coop_meeting',
      title: 'General assembly',
      startsAt: daysAgo(-2).toISOString(),
      endsAt: daysAgo(-2.1).toISOString(),
      place: { name: 'Dschang' },
      groupId: coop,
    });
  }
  return { session, ids, headers };
}

beforeAll(async () => {
  t = await createTestApp();
  const result = await t.ctx.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows) as {
    table_name: string;
  }[];
  tables.push(...rows.map((r) => r.table_name).filter((n) => !n.startsWith('__')));
});

afterAll(async () => {
  await t.close();
});

/** Every write route of the OpenAPI document, with the access each declares. */
async function writeRoutes(): Promise<{ routes: WriteRoute[]; access: Map<string, string> }> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const routes: WriteRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const upper = method.toUpperCase();
      if (upper === 'POST' || upper === 'PUT' || upper === 'PATCH' || upper === 'DELETE') {
        routes.push({
          method: upper,
          path,
          body: op.requestBody?.content?.['application/json']?.schema ?? null,
        });
      }
    }
  }
  const access = new Map<string, string>();
  for (const r of (await import('./access')).apiRoutes(t.app)) {
    access.set(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access);
  }
  return { routes, access };
}

/** The valid body with one field changed to another value its schema may accept: another request. */
function otherBody(valid: Record<string, unknown>): Record<string, unknown> | null {
  for (const [name, value] of Object.entries(valid)) {
    if (typeof value === 'string') {
      return { ...valid, [name]: /^\d/.test(value) ? String(Number.parseFloat(value) + 1) : `${value} b` };
    }
    if (typeof value === 'number') {
      return { ...valid, [name]: value + 1 };
    }
  }
  return null;
}

describe('bad-input fuzzing', () => {
  it('never replays an Idempotency-Key sent again with another body (422, nothing written)', async () => {
    const { routes, access } = await writeRoutes();
    const findings: string[] = [];
    let tried = 0;
    let refused = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const valid = VALID[key];
      const other = valid ? otherBody(valid) : null;
      const target = other ? await targetFor(route, key, access.get(key) ?? 'user') : null;
      if (!valid || !other || !target?.session) {
        continue;
      }
      tried += 1;
      const send = (body: unknown) =>
        call(t.app, target.session?.cookie ?? null, {
          method: route.method,
          url: route.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(target.ids[name] ?? 1)),
          headers: { ...target.headers, 'idempotency-key': `reuse-${tried}` },
          payload: body as Record<string, unknown>,
        });
      const first = await send(valid);
      const before = await rowCounts();
      const second = await send(other);
      const after = await rowCounts();
      const changed = tables.filter((n) => before[n] !== after[n]);
      // 422; 400 when the other body breaks the schema (checked before the key); 401 when the first request
      // ended the session (a password change). Never the first answer again.
      if (second.statusCode === 422) {
        refused += 1;
      } else if (
        first.statusCode < 500 &&
        (![400, 401].includes(second.statusCode) || second.headers['idempotent-replayed'])
      ) {
        findings.push(`${key}: ${first.statusCode} then ${second.statusCode} ${second.body.slice(0, 120)}`);
      }
      if (changed.length > 0) {
        findings.push(`${key}: the reused key wrote ${changed.join(',')}`);
      }
    }
    expect(findings).toEqual([]);
    expect(tried).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(tried / 2);
  }, 300_000);

  it('refuses U+0000 in query strings and JSON keys with a 400, not a database error', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    for (const url of [
      '/api/users?search=a%00b',
      '/api/market/price-history?commodity=%00',
      `/api/farms/${farm.id}/transactions?category=%00`,
      '/api/commodities?cursor=%00',
      '/api/posts?cursor=1%00',
    ]) {
      const res = await call(t.app, owner.cookie, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('badRequest');
    }
    const res = await call(t.app, owner.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { bio: 'ok', 'x\u0000': 1 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses ids beyond the integer columns with a 400 (found on PostgreSQL: a 500 out of range)', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const farm = await createFarm(t.app, farmer);
    const too = [2 ** 31, 5_659_037_025_118_416, Number.MAX_SAFE_INTEGER];
    for (const id of too) {
      const cases = [
        { who: buyer, url: '/api/bids', payload: { commodityId: id, price: 240, quantity: 1 } },
        {
          who: farmer,
          url: '/api/commodities',
          payload: { name: 'Maize', quantity: 1, price: 1, grade: 'A', farmId: id },
        },
        {
          who: farmer,
          url: '/api/commodities',
          payload: { name: 'Maize', quantity: 1, price: 1, grade: 'A', requestId: id },
        },
        { who: farmer, url: `/api/farms/${farm.id}/members`, payload: { userId: id, role: 'viewer' } },
      ];
      for (const c of cases) {
        const res = await call(t.app, c.who.cookie, { method: 'POST', url: c.url, payload: c.payload });
        expect(res.statusCode, `${c.url} ${JSON.stringify(c.payload)}`).toBe(400);
      }
      for (const url of [
        `/api/farms/${farm.id}/surveys?cursor=${id}`,
        `/api/bids?cursor=${id}`,
        `/api/trades?cursor=${id}`,
        `/api/commodity-requests?cursor=${id}`,
        `/api/commodities?cursor=0.${id}`,
      ]) {
        const page = await call(t.app, farmer.cookie, { method: 'GET', url });
        expect(page.statusCode, url).toBe(400);
      }
    }
  });

  it(`answers ${RUNS} generated bad requests per write route with a 4xx JSON error and writes nothing`, async () => {
    const { routes, access } = await writeRoutes();
    expect(routes.length).toBeGreaterThan(35);
    expect(tables.length).toBeGreaterThan(20);
    const findings: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (route.body && !VALID[key]) {
        findings.push(`${key}: no valid body in VALID`);
        continue;
      }
      const target = await targetFor(route, key, access.get(key) ?? 'user');
      const url = (path: string) =>
        path.replace(/\{(\w+)\}/g, (_m, name: string) => String(target.ids[name] ?? (name === 'id' ? 1 : 1)));
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, key), async (c) => {
          cases += 1;
          counter += 1;
          const before = await rowCounts();
          const res = await call(t.app, target.session?.cookie ?? null, {
            method: route.method,
            url: url(c.path ?? route.path),
            remoteAddress: `10.9.${(counter >> 8) & 255}.${counter & 255}`,
            headers: {
              ...target.headers,
              ...(c.body === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }),
            },
            ...(c.body === undefined ? {} : { body: c.body }),
          });
          const where = `${key} [${c.label}] ${(c.body ?? '').slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            findings.push(where);
            return;
          }
          if (res.statusCode >= 400) {
            const body = res.json<{ message?: unknown; code?: unknown }>();
            if (typeof body.message !== 'string' || typeof body.code !== 'string' || !body.message) {
              findings.push(`no {message, code}: ${where}`);
            }
          } else if (c.mustFail) {
            findings.push(`accepted: ${where}`);
          }
          const after = await rowCounts();
          const changed = tables.filter((n) => before[n] !== after[n] && !(NOISY.has(n) && !c.mustFail));
          if (res.statusCode >= 400 && changed.length > 0) {
            findings.push(`wrote ${changed.join(',')}: ${where}`);
          }
        }),
        { numRuns: RUNS },
      );
    }
    console.log(`fuzz: ${cases} cases over ${routes.length} write routes`);
    expect([...new Set(findings)]).toEqual([]);
  }, 600_000);
});
