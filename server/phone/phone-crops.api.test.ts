// The farm by phone through the real server: TASKS / TACHES numbered, DONE / FAIT and HARVEST / RECOLTE echoed and
// done with YES <PIN> (fr OUI), in both languages, and each refusal (no such task or plan, a closed plan, a unit
// or a quantity a harvest does not take).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shiftIsoDate } from '../crops/calendar/stages';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';
import { phoneChannels } from '../test/phone-channels';
import {
  type ProviderStandIn,
  smsProviderEnv,
  startProviderStandIn,
  whatsAppInboundWebhook,
} from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';
const PIN = '2468';

let stand: ProviderStandIn;
let t: TestApp;
const { sms, dial } = phoneChannels(() => t.app, KEY, 'crops');
let numbers = 0;
let messages = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, KEY),
    WHATSAPP_TOKEN: 'wa-secret-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: stand.appSecret,
    WHATSAPP_API_BASE: stand.url,
    OUTBOUND_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
  stand.whatsapp.length = 0;
});

const today = () => new Date().toISOString().slice(0, 10);

/** A farmer with a proven number, a PIN and a farm whose own calendar is cleared (the test writes its tasks). */
async function farmer(language: 'en' | 'fr' = 'en') {
  const session = await userWithRole(t.app, t.ctx, 'farmer');
  numbers += 1;
  const phone = `+23768${String(1_000_000 + numbers * 5113).padStart(7, '0')}`;
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  if (language === 'fr') {
    await call(t.app, session.cookie, { method: 'PATCH', url: '/api/user/language', payload: { language } });
  }
  const pin = await call(t.app, session.cookie, {
    method: 'PUT',
    url: '/api/user/pin',
    payload: { pin: PIN, currentPassword: 'correct-horse-battery' },
  });
  expect(pin.statusCode, pin.body).toBe(204);
  const farm = await createFarm(t.app, session, { name: `Ferme ${numbers}` });
  await t.ctx.db.execute(sql`delete from crop_tasks where farm_id = ${farm.id}`);
  const [plan] = rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`select id from crop_plans where farm_id = ${farm.id}`),
  );
  return { ...session, phone, farmId: farm.id, planId: plan?.id ?? 0, farmName: farm.name };
}

async function task(owner: Session, farmId: number, title: string, due: string, planId?: number) {
  const res = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/farms/${farmId}/tasks`,
    payload: { title, due, planId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** One message in, its one reply out. */
async function exchange(phone: string, text: string): Promise<string> {
  await sms(phone, text);
  await outboundWorker.of(t.ctx).runOnce();
  const replies = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  expect(replies, text).toHaveLength(1);
  return replies[0] as string;
}

const statusOf = async (taskId: number) =>
  rowsOf<{ status: string; done_at: string | null }>(
    await t.ctx.db.execute(sql`select status, done_at::text from crop_tasks where id = ${taskId}`),
  )[0];

const harvestsOf = async (planId: number) =>
  rowsOf<{ quantity_kg: number; stored_kg: number; entered_unit: string; recorded_by: number }>(
    await t.ctx.db.execute(
      sql`select quantity_kg, stored_kg, entered_unit, recorded_by from plan_harvests where plan_id = ${planId} order by id`,
    ),
  );

/** "27 Nov" / "27 nov." as the lists show a day. */
const day = (lang: 'en' | 'fr', iso: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

describe('TASKS and DONE', () => {
  it('lists the open tasks numbered, and DONE ticks one with YES and the PIN, the others keeping their numbers', async () => {
    const f = await farmer();
    const late = await task(f, f.farmId, 'Mend the fence', shiftIsoDate(today(), -1));
    const ticked = await task(f, f.farmId, 'Already done', today());
    const weed = await task(f, f.farmId, 'Weed the maize', today(), f.planId);
    await task(f, f.farmId, 'Buy urea', today());
    await call(t.app, f.cookie, {
      method: 'PATCH',
      url: `/api/tasks/${ticked}`,
      payload: { status: 'done' },
    });

    const list = [
      `1. Mend the fence, ${day('en', shiftIsoDate(today(), -1))} (late)`,
      `3. Weed the maize (Maize, ${f.farmName}), ${day('en', today())}`,
      `4. Buy urea, ${day('en', today())}`,
      'DONE <no.> when one is done.',
    ];
    expect(await exchange(f.phone, 'TASKS')).toBe(list.join('\n'));

    expect(await exchange(f.phone, 'done 3')).toBe(
      `Mark done: Weed the maize (Maize, ${f.farmName}), due ${day('en', today())}? Reply YES and your PIN (YES 1234) within 5 min, or NO.`,
    );
    expect((await statusOf(weed))?.status).toBe('open');
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe(`Done: Weed the maize (Maize, ${f.farmName}).`);
    expect(await statusOf(weed)).toEqual({ status: 'done', done_at: today() });
    // The numbers TASKS showed still hold.
    expect(await exchange(f.phone, 'tasks')).toBe([list[0], list[2], list[3]].join('\n'));
    expect(await exchange(f.phone, 'DONE 1')).toMatch(/^Mark done: Mend the fence/);
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe('Done: Mend the fence.');
    expect((await statusOf(late))?.status).toBe('done');
  });

  it('speaks French: TACHES, FAIT and OUI with the PIN', async () => {
    const f = await farmer('fr');
    const id = await task(f, f.farmId, 'Sarcler le maïs', today(), f.planId);
    expect(await exchange(f.phone, 'TÂCHES')).toBe(
      [
        `1. Sarcler le maïs (Maïs, ${f.farmName}), ${day('fr', today())}`,
        'FAIT <n°> quand une tâche est faite.',
      ].join('\n'),
    );
    expect(await exchange(f.phone, 'fait 1')).toBe(
      `Marquer comme faite : Sarcler le maïs (Maïs, ${f.farmName}), prévue le ${day('fr', today())} ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.`,
    );
    expect(await exchange(f.phone, `OUI ${PIN}`)).toBe(`Fait : Sarcler le maïs (Maïs, ${f.farmName}).`);
    expect((await statusOf(id))?.status).toBe('done');
    expect(await exchange(f.phone, 'TACHES')).toBe('Aucune tâche agricole en cours cette semaine.');
  });

  it.each([
    ['en', 'DONE 9', 'No open task no. 9 this week: send TASKS for the list.'],
    ['fr', 'FAIT 9', 'Aucune tâche en cours n° 9 cette semaine : envoyez TACHES pour la liste.'],
    ['en', 'DONE', 'Send: DONE 3 (the task number that TASKS shows).'],
    ['fr', 'FAIT trois', 'Envoyez : FAIT 3 (le numéro de tâche que TACHES affiche).'],
    ['en', 'TASKS', 'No open farm tasks this week.'],
  ] as const)('refuses in %s: %s', async (lang, text, answer) => {
    const f = await farmer(lang);
    expect(await exchange(f.phone, text)).toBe(answer);
  });

  it('a wrong PIN ticks nothing; a task ticked in the app meanwhile is not ticked again', async () => {
    const f = await farmer();
    const id = await task(f, f.farmId, 'Scout the field', today());
    await exchange(f.phone, 'DONE 1');
    expect(await exchange(f.phone, 'YES 1111')).toMatch(/^Wrong PIN/);
    expect((await statusOf(id))?.status).toBe('open');
    await call(t.app, f.cookie, { method: 'PATCH', url: `/api/tasks/${id}`, payload: { status: 'done' } });
    expect(await exchange(f.phone, `YES ${PIN}`)).toBe(
      'No open task no. 1 this week: send TASKS for the list.',
    );
  });

  it('answers on WhatsApp too', async () => {
    const f = await farmer();
    await task(f, f.farmId, 'Dry the cobs', today());
    const { payload, headers } = stand.signedWebhook(
      whatsAppInboundWebhook({ from: f.phone, id: `wamid.crops${++messages}`, text: 'TASKS' }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await outboundWorker.of(t.ctx).runOnce();
    const bodies = stand.whatsapp.map((m) => (m.body as { text?: { body: string } }).text?.body);
    expect(bodies).toEqual([`1. Dry the cobs, ${day('en', today())}\nDONE <no.> when one is done.`]);
  });
});

// ---- USSD ----

describe('USSD Farm menu', () => {
  it.each([
    {
      lang: 'en',
      menu: '5 Language\n6 Farm\n7 My stock\n9 Learn\n0 Help',
      title: "CON This week's tasks:",
      mark: '1 Mark done',
      pin: 'Mark done: Weed the maize',
      done: 'END Done: Weed the maize',
    },
    {
      lang: 'fr',
      menu: '5 Langue\n6 Ferme\n7 Mon stock\n9 Apprendre\n0 Aide',
      // Spelled in GSM-7 when that makes the screen fit (sms-text).
      title: 'CON Taches de la semaine :',
      mark: '1 Marquer comme faite',
      pin: 'Marquer comme faite : Weed the maize',
      done: 'END Fait : Weed the maize',
    },
  ] as const)("lists the week's tasks and marks one done with the PIN ($lang)", async (c) => {
    const f = await farmer(c.lang);
    const id = await task(f, f.farmId, 'Weed the maize', today(), f.planId);
    await task(f, f.farmId, 'Buy urea', shiftIsoDate(today(), -1));
    const type = dial(f.phone);
    expect(await type()).toContain(c.menu);
    const list = await type('6');
    expect(list.startsWith(c.title), list).toBe(true);
    expect(list).toContain(`\n1 Buy urea, ${day(c.lang, shiftIsoDate(today(), -1))} (`);
    expect(list).toContain(`\n2 Weed the maize (Ma`);
    const one = await type('2');
    expect(one).toMatch(new RegExp(`^CON Weed the maize .*\n${c.mark}\n0 `));
    const pin = await type('1');
    expect(pin.startsWith(`CON ${c.pin}`), pin).toBe(true);
    expect((await statusOf(id))?.status).toBe('open');
    const done = await type(PIN);
    expect(done.startsWith(c.done), done).toBe(true);
    expect((await statusOf(id))?.status).toBe('done');
  });

  it('says when there is nothing this week, and shows no Farm entry to a buyer', async () => {
    const f = await farmer();
    expect(await dial(f.phone)('6')).toBe('CON No open farm tasks this week.\n8 Weather\n0 Back');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    numbers += 1;
    const phone = `+23768${String(1_000_000 + numbers * 5113).padStart(7, '0')}`;
    await setVerifiedPhone(t.ctx.db, buyer.user.id, {
      e164: phone,
      countryCode: '+237',
      phoneNumber: phone.slice(4),
      via: 'sms',
    });
    expect(await dial(phone)()).not.toContain('6 ');
  });
});

describe('HARVEST', () => {
  it('records a harvest, all stored, with YES and the PIN', async () => {
    const f = await farmer();
    expect(await exchange(f.phone, `HARVEST ${f.planId} 20 bag100`)).toBe(
      `Record on plan ${f.planId} (Maize, ${f.farmName}) a harvest of 20 bags of 100 kg (2 t) today, all stored? Reply YES and your PIN (YES 1234) within 5 min, or NO.`,
    );
    expect(await harvestsOf(f.planId)).toEqual([]);
    expect(await exchange(f.phone, `yes ${PIN}`)).toBe(
      `Harvest recorded on plan ${f.planId}: 2 t of Maize, stored.`,
    );
    expect(await harvestsOf(f.planId)).toEqual([
      { quantity_kg: 2000, stored_kg: 2000, entered_unit: 'bag100', recorded_by: f.user.id },
    ]);
  });

  it('speaks French: RECOLTE with sac50, OUI and the PIN', async () => {
    const f = await farmer('fr');
    expect(await exchange(f.phone, `RÉCOLTE ${f.planId} 7 sac50`)).toBe(
      `Enregistrer sur le plan ${f.planId} (Maïs, ${f.farmName}) une récolte de 7 sacs de 50 kg (0,35 t) aujourd'hui, tout en stock ? Répondez OUI et votre code PIN (OUI 1234) sous 5 min, ou NON.`,
    );
    expect(await exchange(f.phone, `OUI ${PIN}`)).toBe(
      `Récolte enregistrée sur le plan ${f.planId} : 0,35 t de Maïs, en stock.`,
    );
    expect(await harvestsOf(f.planId)).toEqual([
      { quantity_kg: 350, stored_kg: 350, entered_unit: 'bag50', recorded_by: f.user.id },
    ]);
  });

  it.each(['en', 'fr'] as const)(
    'refuses in %s a plan of someone else, a closed plan, a bad unit or quantity',
    async (lang) => {
      const f = await farmer(lang);
      const other = await farmer();
      const word = lang === 'en' ? 'HARVEST' : 'RECOLTE';
      const texts = {
        en: {
          notFound: `No plan no. ${other.planId} on your farms: plan numbers are in the app (Crops).`,
          closed: `Plan ${f.planId} is closed (harvested or abandoned): no more harvests on it.`,
          unit: 'Unknown unit "bag25": use kg, t, bag50 or bag100.',
          quantity: 'Give the quantity harvested, e.g. 20.',
          usage: 'Send: HARVEST 12 20 bag100 (plan 12, 20 bags of 100 kg); units kg, t, bag50, bag100.',
        },
        fr: {
          notFound: `Aucun plan n° ${other.planId} sur vos fermes : les numéros des plans sont dans l'appli (Cultures).`,
          closed: `Le plan ${f.planId} est clos (récolté ou abandonné) : plus de récolte possible.`,
          unit: 'Unité inconnue « bag25 » : utilisez kg, t, sac50 ou sac100.',
          quantity: 'Indiquez la quantité récoltée, par exemple 20.',
          usage: 'Envoyez : RECOLTE 12 20 sac100 (plan 12, 20 sacs de 100 kg) ; unités kg, t, sac50, sac100.',
        },
      }[lang];
      expect(await exchange(f.phone, `${word} ${other.planId} 20 kg`)).toBe(texts.notFound);
      expect(await exchange(f.phone, `${word} ${f.planId} 20 bag25`)).toBe(texts.unit);
      expect(await exchange(f.phone, `${word} ${f.planId} 0 kg`)).toBe(texts.quantity);
      expect(await exchange(f.phone, `${word} ${f.planId} 20`)).toBe(texts.usage);
      // Closed after the echo: the confirmation says so and records nothing.
      await exchange(f.phone, `${word} ${f.planId} 20 t`);
      await t.ctx.db.execute(sql`update crop_plans set status = 'abandoned' where id = ${f.planId}`);
      expect(await exchange(f.phone, `${lang === 'en' ? 'YES' : 'OUI'} ${PIN}`)).toBe(texts.closed);
      expect(await exchange(f.phone, `${word} ${f.planId} 20 t`)).toBe(texts.closed);
      expect(await harvestsOf(f.planId)).toEqual([]);
      expect(await harvestsOf(other.planId)).toEqual([]);
    },
  );
});
