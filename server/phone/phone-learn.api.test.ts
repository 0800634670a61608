// Lessons by phone through the real server, the SMS provider a local stand-in: LEARN maize (fr APPRENDRE maïs)
// answers the numbered titles of the crop's lessons, LEARN 12 the lesson's title and 3 key steps in at most 3 SMS
// parts (counted as opened), in the reader's language; a number with no account may read them too; unknown crops,
// words and numbers get a helpful answer; the USSD Learn menu (9) sends the chosen lesson's steps by SMS, once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TLesson, TLessonContent, TLessonSummary } from '../../contract/lessons';
import { fitsUssd, foldToGsm7, smsLength } from '../channels/sms-text';
import { translate } from '../http/i18n';
import { installShipped } from '../lessons/lessons.repo';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type TestApp } from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';

const KEY = 'callback-key-0123456789';

let sms: ProviderStandIn;
let t: TestApp;
let numbers = 0;
let messages = 0;
let sessions = 0;

/** A cocoa lesson written only in French (an expert's): an English reader gets it named "(in French)". */
const FRENCH_ONLY: TLessonContent = {
  slug: 'test-cocoa-fr-only',
  topic: 'crops',
  crops: ['cocoa'],
  stages: [],
  readingMinutes: 2,
  sources: [{ publisher: 'FAO', title: 'Un guide', year: 2020, url: 'https://www.fao.org/guide' }],
  fr: {
    title: 'Récolter les cabosses mûres',
    summary: 'Quand et comment récolter.',
    sections: [{ kind: 'text', text: 'Récoltez les cabosses mûres toutes les deux semaines.' }],
    keySteps: [
      'Récoltez toutes les deux semaines.',
      'Coupez la tige au sécateur.',
      'Écabossez sous 5 jours.',
    ],
  },
};

beforeAll(async () => {
  sms = await startProviderStandIn();
  t = await createTestApp({ ...smsProviderEnv(sms, KEY), OUTBOUND_POLL_MS: '600000' });
  await t.ctx.db.transaction((tx) => installShipped(tx, [FRENCH_ONLY]));
});
afterAll(async () => {
  await t.close();
  await sms.close();
});
beforeEach(() => {
  sms.sms.length = 0;
});

const nextPhone = () => {
  numbers += 1;
  return `+23767${String(1_000_000 + numbers * 7219).padStart(7, '0')}`;
};

/** A farmer with a proven number, in `language`. */
async function farmer(language: 'en' | 'fr') {
  const session = await userWithRole(t.app, t.ctx, 'farmer');
  const phone = nextPhone();
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  await call(t.app, session.cookie, { method: 'PATCH', url: '/api/user/language', payload: { language } });
  return { ...session, phone };
}

/** The SMS sent to `phone` since the last look. */
async function smsTo(phone: string): Promise<string[]> {
  await outboundWorker.of(t.ctx).runOnce();
  const sent = sms.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  sms.sms.length = 0;
  return sent;
}

async function exchange(phone: string, text: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/sms/inbound?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from: phone,
      to: '1234',
      text,
      date: '2026-11-27 10:00:00',
      id: `ATXid_learn${++messages}`,
      linkId: 'l1',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const replies = await smsTo(phone);
  expect(replies, text).toHaveLength(1);
  const reply = replies[0] as string;
  expect(smsLength(reply).segments, reply).toBeLessThanOrEqual(3);
  return reply;
}

async function ussd(phone: string, path: string, sessionId = `ATUid_learn${++sessions}`): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/channels/ussd?key=${KEY}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId,
      serviceCode: '*384*1234#',
      phoneNumber: phone,
      networkCode: '62401',
      text: path,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(fitsUssd(res.body.slice(4)), res.body).toBe(true);
  return res.body;
}

/** The published lessons a reader's app shows, filtered (what the phone must agree with). */
async function appLessons(who: { cookie: string }, query: string): Promise<TLessonSummary[]> {
  const res = await call(t.app, who.cookie, { method: 'GET', url: `/api/lessons${query}` });
  return (await ok<{ data: TLessonSummary[] }>(res)).data;
}

async function appLesson(who: { cookie: string }, slug: string): Promise<TLesson> {
  return ok<TLesson>(await call(t.app, who.cookie, { method: 'GET', url: `/api/lessons/${slug}` }));
}

/** Words as the SMS carries them (GSM-7 spellings where that saves parts). */
const asSent = (text: string) => foldToGsm7(text);
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

describe('LEARN / APPRENDRE by SMS', () => {
  it('lists a crop’s lessons by number in English, and sends one’s 3 key steps, counted as opened', async () => {
    const f = await farmer('en');
    const maize = (await appLessons(f, '?crop=maize')).sort(byId);
    expect(maize.length).toBeGreaterThanOrEqual(5);
    const list = await exchange(f.phone, 'LEARN maize');
    const lines = list.split('\n');
    expect(lines[0]).toBe('Lessons on Maize:');
    expect(lines.at(-1)).toBe(`Send LEARN ${maize[0]?.id} for a lesson's 3 key steps.`);
    // Every maize lesson, by number, as the app titles it (whole when they all fit, else short).
    const listed = lines.slice(1, -1);
    expect(listed).toHaveLength(maize.length);
    maize.forEach((lesson, i) => {
      expect(lesson.title.startsWith(listed[i]?.replace(/^\d+ /, '') ?? '-'), listed[i]).toBe(true);
      expect(listed[i]?.startsWith(`${lesson.id} `)).toBe(true);
    });
    expect(await exchange(f.phone, 'learn corn')).toBe(list);

    const planting = maize.find((l) => l.slug === 'maize-planting') as TLessonSummary;
    expect(planting.progress).toBeNull();
    const steps = await exchange(f.phone, `LEARN ${planting.id}`);
    const whole = await appLesson(f, planting.slug);
    expect(steps).toBe(
      [`Lesson ${planting.id}: ${whole.title}`, ...whole.keySteps.map((s, i) => `${i + 1}. ${s}`)].join('\n'),
    );
    expect((await appLesson(f, planting.slug)).progress).not.toBeNull();
  });

  it('answers APPRENDRE maïs in French, and a lesson’s steps in French within 3 parts', async () => {
    const f = await farmer('fr');
    const maize = (await appLessons(f, '?crop=maize')).sort(byId);
    for (const typed of ['APPRENDRE maïs', 'apprendre MAIS', 'LEÇON mais']) {
      const list = (await exchange(f.phone, typed)).split('\n');
      expect(list[0]).toBe('Lecons (Mais) :');
      expect(list.at(-1)).toBe(
        asSent(`Envoyez APPRENDRE ${maize[0]?.id} pour les 3 étapes clés d'une leçon.`),
      );
      expect(list.slice(1, -1).map((l) => Number(l.split(' ')[0]))).toEqual(maize.map((l) => l.id));
    }
    const armyworm = maize.find((l) => l.slug === 'fall-armyworm') as TLessonSummary;
    const steps = await exchange(f.phone, `APPRENDRE ${armyworm.id}`);
    const whole = await appLesson(f, armyworm.slug);
    const lines = steps.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]?.startsWith(asSent(`Leçon ${armyworm.id} : `))).toBe(true);
    whole.keySteps.forEach((step, i) => {
      expect(lines[i + 1]).toBe(asSent(`${i + 1}. ${step}`));
    });
  });

  it('names a lesson only in the other language, and reads other crops typed in French', async () => {
    const f = await farmer('en');
    const cocoa = await exchange(f.phone, 'LEARN cacao');
    const frenchOnly = (await appLessons(f, '?crop=cocoa')).find((l) => l.slug === FRENCH_ONLY.slug);
    expect(cocoa.split('\n')).toContain(asSent(`${frenchOnly?.id} Récolter les cabosses mûres (in French)`));
    expect((await exchange(f.phone, 'LEARN manioc')).split('\n')[0]).toBe('Lessons on Cassava:');
    expect((await exchange(f.phone, 'LEARN arachides')).split('\n')[0]).toBe('Lessons on Groundnut:');
    expect((await exchange(f.phone, 'LEARN tomate')).split('\n')[0]).toBe('Lessons on Tomato:');
  });

  it('helps with an unknown crop, words, a number not found, and LEARN alone', async () => {
    const f = await farmer('en');
    // The crops that have lessons, as the app lists them, named in English in alphabetical order.
    const crops = [...new Set((await appLessons(f, '')).flatMap((l) => l.crops))]
      .map((crop) => translate('en', `agronomy.crop.${crop}`))
      .sort()
      .join(', ');
    expect(crops).toContain('Cassava, Cocoa');
    expect(await exchange(f.phone, 'LEARN coffee')).toBe(
      `No lesson on "Coffee" yet. Lessons on: ${crops}. Send e.g. LEARN maize.`,
    );
    expect(await exchange(f.phone, 'LEARN bananas')).toBe(
      `No lesson on "Banana" yet. Lessons on: ${crops}. Send e.g. LEARN maize.`,
    );
    expect(await exchange(f.phone, 'LEARN zzyzx')).toBe(
      `No lesson on "zzyzx" yet. Lessons on: ${crops}. Send e.g. LEARN maize.`,
    );
    // Words that name no crop find the lessons holding them.
    const aflatoxin = await exchange(f.phone, 'LEARN aflatoxin');
    expect(aflatoxin.split('\n')[0]).toBe('Lessons on "aflatoxin":');
    expect(aflatoxin).toContain('Preventing aflatoxin in maize and groundnut');
    // Accents aside, as a phone without them types: "secher" finds the French "sécher".
    const fr = await farmer('fr');
    const drying = await exchange(fr.phone, 'APPRENDRE secher');
    const accented = await exchange(fr.phone, 'APPRENDRE SÉCHER');
    expect(drying.split('\n').slice(1)).toEqual(accented.split('\n').slice(1));
    const dryingMaize = (await appLessons(fr, '')).find((l) => l.slug === 'drying-maize');
    expect(drying.split('\n')).toContain(asSent(`${dryingMaize?.id} ${dryingMaize?.title}`));
    expect(await exchange(f.phone, 'LEARN 99999')).toBe(
      'No lesson number 99999. Send LEARN maize for the numbers of the maize lessons.',
    );
    expect(await exchange(f.phone, 'LEARN 9999999999')).toMatch(/^No lesson number 9999999999\./);
    expect(await exchange(f.phone, 'LEARN')).toBe(
      `Send LEARN maize for the maize lessons, LEARN 12 for lesson 12's 3 key steps. Lessons on: ${crops}.`,
    );
    expect(await exchange(fr.phone, 'APPRENDRE 99999')).toBe(
      'Aucune leçon n° 99999. Envoyez APPRENDRE mais pour les numéros des leçons sur le maïs.',
    );
  });

  it('answers a number with no account in the language of its command word', async () => {
    const reader = await farmer('en');
    const first = (await appLessons(reader, '?crop=tomato')).find((l) => l.slug === 'tomato-growing');
    const stranger = nextPhone();
    const fr = await exchange(stranger, `APPRENDRE ${first?.id}`);
    expect(fr.split('\n')[0]).toMatch(new RegExp(`^Le[cç]on ${first?.id} : Cultiver la tomate`));
    const en = await exchange(stranger, 'LEARN tomato');
    expect(en.split('\n')[0]).toBe('Lessons on Tomato:');
    // Anything else still says how to get an account.
    expect(await exchange(stranger, 'WEATHER')).toMatch(/^Terroir: this number has no account/);
  });
});

describe('the USSD Learn menu', () => {
  it('lists topics, then a topic’s lessons, and sends the one chosen by SMS, once (French)', async () => {
    const f = await farmer('fr');
    expect(await ussd(f.phone, '')).toMatch(/\n9 Apprendre\n0 Aide$/);
    const topics = await ussd(f.phone, '9');
    expect(topics).toMatch(/^CON Apprendre : choisissez un sujet\n1 Cultures\n2 Ravageurs et maladies\n/);
    const crops = (await appLessons(f, '?topic=crops')).sort(byId);
    const screen = await ussd(f.phone, '9*1');
    const shown = screen.split('\n').filter((l) => /^[1-7] /.test(l));
    expect(shown.length).toBeGreaterThan(1);
    // Paged as every USSD list: 9 for the next page, which numbers its lessons from 1 again.
    const next = (await ussd(f.phone, '9*1*9')).split('\n').filter((l) => /^[1-7] /.test(l));
    expect(next.length).toBeGreaterThan(0);
    expect(next[0]?.slice(2)).toBe(asSent(crops[shown.length]?.title.split(/\s*:\s/u)[0] ?? '-'));
    expect(screen).toMatch(/^CON Cultures :\n1 /);
    // The second lesson of the topic, by number: its short title on the screen.
    const chosen = crops[1] as TLessonSummary;
    expect(asSent(chosen.title).startsWith(asSent(shown[1]?.slice(2) ?? '-'))).toBe(true);
    sms.sms.length = 0;
    const sessionId = 'ATUid_learn_send';
    const done = await ussd(f.phone, '9*1*2', sessionId);
    expect(done).toMatch(new RegExp(`^END Le[cç]on ${chosen.id} envoy[ée]e par SMS : `));
    const [sent, ...more] = await smsTo(f.phone);
    expect(more).toHaveLength(0);
    expect(smsLength(sent ?? '').segments).toBeLessThanOrEqual(3);
    const whole = await appLesson(f, chosen.slug);
    expect(sent?.split('\n').slice(1)).toEqual(whole.keySteps.map((s, i) => asSent(`${i + 1}. ${s}`)));
    expect(whole.progress).not.toBeNull();
    // The network sends the request again: the same answer, no second SMS.
    expect(await ussd(f.phone, '9*1*2', sessionId)).toBe(done);
    expect(await smsTo(f.phone)).toEqual([]);
    // 0 goes back to the topics.
    expect(await ussd(f.phone, '9*1*0')).toBe(topics);
  });

  it('shows the menu entry in English and refuses a choice that is not on the list', async () => {
    const f = await farmer('en');
    expect(await ussd(f.phone, '')).toMatch(/\n9 Learn\n0 Help$/);
    expect(await ussd(f.phone, '9')).toMatch(/^CON Learn: choose a topic\n1 Growing crops\n/);
    expect(await ussd(f.phone, '9*8')).toMatch(/^CON Invalid choice\.\nLearn: choose a topic/);
  });
});
