// The per-number limit of the phone channels (PHONE_REQUESTS_PER_MINUTE) holds for every instance together: its
// count lives in the database, so N instances still answer 30 screens a minute in total.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_REQUESTS_PER_MINUTE } from '../../contract/phone';
import { rowsOf } from '../db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../test/harness';

const KEY = 'callback-key-0123456789';
const onPostgres = process.env.TEST_DB === 'postgres';
const LIMITED = /^END Too many messages/;

let t: TestApp;
let numbers = 0;
let sessions = 0;

beforeAll(async () => {
  t = await createTestApp({ AT_USERNAME: 'terroir', AT_API_KEY: 'at-secret-key', AT_CALLBACK_KEY: KEY });
});
afterAll(async () => {
  await t.close();
});

const nextPhone = () => {
  numbers += 1;
  return `+23768${String(2_000_000 + numbers * 6113).padStart(7, '0')}`;
};

/** One USSD screen asked of `on` by `phone` (a new session each time, as a user dialling again). */
async function screen(on: TestApp, phone: string): Promise<string> {
  sessions += 1;
  const res = await on.app.inject({
    method: 'POST',
    url: `/api/channels/ussd?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId: `limit-${sessions}`,
      serviceCode: '*384*1234#',
      phoneNumber: phone,
      networkCode: '62401',
      text: '',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('requests per phone number', () => {
  it(`answers ${PHONE_REQUESTS_PER_MINUTE} screens a minute per number, counted in the database`, async () => {
    const phone = nextPhone();
    for (let i = 0; i < PHONE_REQUESTS_PER_MINUTE; i += 1) {
      expect(await screen(t, phone)).not.toMatch(LIMITED);
    }
    expect(await screen(t, phone)).toMatch(LIMITED);
    // Another number is not held back.
    expect(await screen(t, nextPhone())).not.toMatch(LIMITED);
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from rate_events where bucket = 'phone' and key = ${`ussd:${phone}`}`,
      ),
    );
    expect(Number(row?.n)).toBe(PHONE_REQUESTS_PER_MINUTE);
    // The minute passes: the number is answered again.
    await t.ctx.db.execute(
      sql`update rate_events set created_at = created_at - interval '61 seconds' where key = ${`ussd:${phone}`}`,
    );
    expect(await screen(t, phone)).not.toMatch(LIMITED);
  });

  it('counts what another instance answered (its hits in the database) against the same minute', async () => {
    const phone = nextPhone();
    // Another instance answered this number 29 times this minute.
    await t.ctx.db.execute(
      sql`insert into rate_events (bucket, key) select 'phone', ${`ussd:${phone}`} from generate_series(1, ${PHONE_REQUESTS_PER_MINUTE - 1})`,
    );
    expect(await screen(t, phone)).not.toMatch(LIMITED);
    expect(await screen(t, phone)).toMatch(LIMITED);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it(`answer ${PHONE_REQUESTS_PER_MINUTE} screens a minute per number between them, even concurrently`, async () => {
    const second = await createSecondInstance(t);
    try {
      const phone = nextPhone();
      const screens = await Promise.all(
        Array.from({ length: PHONE_REQUESTS_PER_MINUTE + 10 }, (_, i) =>
          screen(i % 2 === 0 ? t : second, phone),
        ),
      );
      expect(screens.filter((s) => !LIMITED.test(s))).toHaveLength(PHONE_REQUESTS_PER_MINUTE);
      expect(screens.filter((s) => LIMITED.test(s))).toHaveLength(10);
    } finally {
      await second.close();
    }
  });
});
