// Fuzzing of the mobile-money providers' callbacks (public, hidden from the API document the other fuzzers read):
// any path, key, token, body or content type gets a 200 or a 4xx JSON error, never a 5xx, and moves no money.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { soldFromFarm } from '../test/completed-order';
import { payByMobile, paymentsApp } from '../test/escrow-flow';
import type { TestApp } from '../test/harness';
import { type PaymentsStandIn, STAND_IN_CALLBACK_KEY, startPaymentsStandIn } from '../test/payments-stand-in';

const RUNS = 60;

let stand: PaymentsStandIn;
let t: TestApp;
/** References of a pending MTN and a pending Orange payment, which the fuzzed callbacks name among others. */
let momoReference = '';
let orangeReference = '';

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  // Pending for good at MTN, never called back: only a forged callback could move them.
  stand.script('momo', { noCallback: true, pendingPolls: 10_000 });
  const momo = await soldFromFarm(t.app, t.ctx);
  momoReference = (
    await payByMobile(t, momo.buyer, momo.order.id, { provider: 'mtn_momo', phone: '237670000002' })
  ).body.reference;
  stand.script('orange', { noCallback: true });
  const orange = await soldFromFarm(t.app, t.ctx);
  orangeReference = (await payByMobile(t, orange.buyer, orange.order.id, { provider: 'orange_money' })).body
    .reference;
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

/** What moves money: the moves' states and the operator's entries. */
async function money(): Promise<string> {
  const rows = rowsOf<{ s: string }>(
    await t.ctx.db.execute(sql`select (select string_agg(status || ':' || reference, ',' order by id) from money_moves)
      || '|' || (select count(*) from operator_entries) as s`),
  );
  return rows[0]?.s ?? '';
}

const referenceArb = fc.oneof(
  fc.constant('MOMO'),
  fc.constant('ORANGE'),
  fc.uuid(),
  fc.constantFrom('', 'x', '..%2F..', '%00', 'a'.repeat(41), '12345678', '-'.repeat(10), 'é'.repeat(9)),
  fc.string({ maxLength: 50 }).map(encodeURIComponent),
);
const keyArb = fc.oneof(
  fc.constant<string | null>(null),
  fc.constant(STAND_IN_CALLBACK_KEY),
  fc.constantFrom('', 'wrong-key-wrong-key', `${STAND_IN_CALLBACK_KEY}x`, '%00', 'a'.repeat(300)),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const bodyArb: fc.Arbitrary<{ contentType: string | null; body: string | undefined }> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) })),
  fc
    .record({
      status: fc.constantFrom('SUCCESS', 'SUCCESSFUL', 'FAILED', 'PENDING', 1, null),
      notif_token: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('a'.repeat(500)), fc.integer()),
      txnid: fc.string({ maxLength: 20 }),
      financialTransactionId: fc.string({ maxLength: 20 }),
    })
    .map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) })),
  fc.constantFrom(
    { contentType: 'application/json', body: '{"status": "SUCCESS",' },
    { contentType: 'application/json', body: '' },
    { contentType: 'application/x-www-form-urlencoded', body: 'status=SUCCESS&notif_token=x' },
    { contentType: 'text/plain', body: 'SUCCESS' },
    { contentType: 'application/xml', body: '<status>SUCCESS</status>' },
    { contentType: null, body: undefined },
  ),
);

describe('payment callback fuzzing', () => {
  it(`answers ${RUNS} generated callbacks per route with a 200 or a 4xx JSON error, moving no money`, async () => {
    const before = await money();
    const findings: string[] = [];
    const statuses: Record<string, number> = {};
    for (const route of ['PUT momo', 'POST momo', 'POST orange'] as const) {
      await fc.assert(
        fc.asyncProperty(referenceArb, keyArb, bodyArb, async (reference, key, { contentType, body }) => {
          const ref =
            reference === 'MOMO' ? momoReference : reference === 'ORANGE' ? orangeReference : reference;
          const [method, provider] = route.split(' ') as ['PUT' | 'POST', 'momo' | 'orange'];
          const path =
            provider === 'momo' ? `/api/payments/momo/callback/${ref}` : `/api/payments/orange/notify/${ref}`;
          const url = key === null ? path : `${path}?key=${key}`;
          const res = await t.app.inject({
            method,
            url,
            headers: contentType ? { 'content-type': contentType } : {},
            ...(body === undefined ? {} : { body }),
          });
          const family = `${String(res.statusCode)[0]}xx`;
          statuses[family] = (statuses[family] ?? 0) + 1;
          const where = `${method} ${url.slice(0, 120)} ${contentType} ${(body ?? '').slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) {
            findings.push(where);
          } else if (res.statusCode >= 400) {
            const parsed = res.json<{ message?: unknown; code?: unknown }>();
            if (typeof parsed.message !== 'string' || typeof parsed.code !== 'string') {
              findings.push(`no {message, code}: ${where}`);
            }
          } else if (res.statusCode !== 200) {
            findings.push(`unexpected status: ${where}`);
          }
        }),
        { numRuns: RUNS },
      );
    }
    // A keyed MTN callback makes its move be asked about; the stand-in still says pending: nothing moved.
    await stand.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(`fuzz-payment-callbacks: ${3 * RUNS} cases ${JSON.stringify(statuses)}`);
    expect([...new Set(findings)]).toEqual([]);
    expect(await money()).toBe(before);
  });
});
