// The Learning Center offline and aloud, in French on a small phone whose browser keeps its data (service worker):
// a late-blight alert reaches amina (her potato field's two warm, humid days: e2e/blight-alert.ts) and its lesson
// link opens the blight lesson; she saves the "pests and diseases" topic, goes offline, reloads and reads it, the
// topic's other lesson she never opened, and a lesson of another topic she opened once; "Listen" asks the phone's
// speech synthesis (stubbed: a French voice) to say the lesson in French, sentence by sentence, highlighted; pause,
// resume, stop; "Remove" deletes the topic. On a phone without a French voice, or without speech synthesis, the
// button says so.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../server/demo/accounts';
import { LESSONS_CACHE } from '../web/lib/offline-caches';
import { followBlightAlert, raiseBlightAlert } from './blight-alert';
import {
  hidden,
  launchProfile,
  openPage,
  profileDirs,
  SMALL_PHONE,
  seriousViolations,
  sharedBrowser,
  textOf,
  visible,
} from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();
const profileDir = profileDirs();

/** The French titles of the two pests-and-diseases lessons and one after-harvest (server/lessons/content/*.json). */
const BLIGHT = 'Reconnaître et arrêter le mildiou';
const ARMYWORM = "La chenille légionnaire d'automne du maïs";
const DRYING = 'Sécher le maïs à 13 %';

interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}
interface SpeechProbe {
  spoken: Spoken[];
  calls: string[];
  /** Ends the utterance being said (the stub never ends one by itself: the test moves it on). */
  finish: () => void;
}

/**
 * Runs in the page before its scripts: a speech synthesis with these voices (or none at all when `voices` is null)
 * that records what it is asked to say. The real utterance refuses a voice that is not the browser's own object,
 * so the utterance is stubbed too.
 */
function stubSpeech(voices: { lang: string; name: string }[] | null) {
  const w = window as unknown as Record<string, unknown>;
  if (voices === null) {
    Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
    return;
  }
  type Utterance = { text: string; lang: string; voice: { lang: string } | null; onend?: () => void };
  const probe = { spoken: [] as Spoken[], calls: [] as string[], current: null as Utterance | null };
  class FakeUtterance {
    lang = '';
    voice: { lang: string } | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  const synth = {
    getVoices: () =>
      voices.map((voice) => ({ ...voice, voiceURI: voice.name, default: false, localService: true })),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    speak: (utterance: Utterance) => {
      probe.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.lang ?? null });
      probe.current = utterance;
    },
    cancel: () => {
      probe.calls.push('cancel');
      probe.current = null;
    },
    pause: () => probe.calls.push('pause'),
    resume: () => probe.calls.push('resume'),
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  w.__speech = {
    spoken: probe.spoken,
    calls: probe.calls,
    finish: () => {
      const utterance = probe.current;
      probe.current = null;
      utterance?.onend?.();
    },
  };
}

/** `E2E_SHOTS=dir`: the screens as the test meets them, to look at. */
const shot = (page: Page, file: string, fullPage = true) =>
  process.env.E2E_SHOTS
    ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${file}.png`, fullPage })
    : Promise.resolve();

const speech = (page: Page) =>
  page.evaluate(() => {
    const probe = (window as unknown as { __speech: SpeechProbe }).__speech;
    return { spoken: [...probe.spoken], calls: [...probe.calls] };
  });

async function signInAmina(page: Page) {
  await expectJson(
    page.request.post('/api/login', { data: { username: 'amina', password: DEMO_PASSWORD } }),
    200,
  );
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
}

/** Waits until the service worker controls the page, then reloads so that every read goes through it. */
async function underServiceWorker(page: Page) {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const inLessonsCache = (page: Page, path: string) =>
  page.evaluate(async ([name, key]) => (await (await caches.open(name)).match(key)) !== undefined, [
    LESSONS_CACHE,
    path,
  ] as const);

async function saveTopic(page: Page) {
  await page.getByRole('link', { name: 'Toutes les leçons' }).click();
  await page.waitForURL('**/education');
  await page.getByRole('button', { name: 'Ravageurs et maladies', exact: true }).click();
  const panel = page.getByTestId('lesson-offline');
  // What it will take, before saving.
  await textOf(panel.getByTestId('lesson-offline-size'), 'Ko');
  await shot(page, 'lessons-save-offline-fr-phone');
  expect(await panel.getByTestId('lesson-offline-size').textContent()).toMatch(/environ \d+\u00a0Ko/);
  await panel.getByRole('button', { name: 'Garder hors ligne' }).click();
  await textOf(panel.getByTestId('lesson-offline-saved'), 'Gardées hors ligne');
  await shot(page, 'lessons-saved-fr-phone');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await inLessonsCache(page, '/api/lessons/fall-armyworm')).toBe(true);
}

async function listen(page: Page) {
  await page.getByRole('button', { name: /Écouter/ }).click();
  await expect.poll(async () => (await speech(page)).spoken.length).toBe(1);
  const [first] = (await speech(page)).spoken;
  expect(first).toEqual({ text: BLIGHT, lang: 'fr-FR', voice: 'fr-FR' });
  await textOf(page.getByTestId('lesson-listen-sentence'), BLIGHT);
  // Highlighted in place too: the title.
  await textOf(page.getByRole('heading', { level: 1 }).getByTestId('lesson-reading'), BLIGHT);
  // The title said, the summary comes next, sentence by sentence, in French, highlighted as it is read.
  await page.evaluate(() => (window as unknown as { __speech: SpeechProbe }).__speech.finish());
  await expect.poll(async () => (await speech(page)).spoken.length).toBe(2);
  const second = (await speech(page)).spoken[1];
  expect(second?.lang).toBe('fr-FR');
  expect(second?.text).toMatch(/^Le mildiou/);
  await textOf(page.getByTestId('lesson-listen-sentence'), second?.text ?? '');
  await textOf(page.getByTestId('lesson-reading'), second?.text ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.getByTestId('lesson-reading').count()).toBe(1);
  await shot(page, 'lesson-listening-fr-phone', false);
  // A pause stops the voice (cancel: Android's Chrome has no pause); "Resume" says the sentence again.
  await page.getByRole('button', { name: /Mettre en pause/ }).click();
  await visible(page.getByRole('button', { name: /Reprendre/ }));
  await page.evaluate(() => (window as unknown as { __speech: SpeechProbe }).__speech.finish());
  expect((await speech(page)).spoken).toHaveLength(2);
  await page.getByRole('button', { name: /Reprendre/ }).click();
  await expect.poll(async () => (await speech(page)).spoken.length).toBe(3);
  expect((await speech(page)).spoken[2]).toEqual(second);
  await page.getByRole('button', { name: /Arrêter/ }).click();
  await visible(page.getByRole('button', { name: /Écouter/ }));
  await hidden(page.getByTestId('lesson-listen-sentence'));
  // Each play, pause and stop silenced what was being said.
  expect((await speech(page)).calls.slice(-3)).toEqual(['cancel', 'cancel', 'cancel']);
}

/** The lesson page on a phone whose speech synthesis is `voices` (null: none at all). */
async function lessonWithVoices(context: BrowserContext, voices: { lang: string; name: string }[] | null) {
  const page = await context.newPage();
  await page.addInitScript(stubSpeech, voices);
  await page.goto('/education/late-blight');
  await textOf(page.getByRole('heading', { level: 1 }), BLIGHT);
  return page.getByTestId('lesson-listen');
}

describe('lessons offline and aloud', () => {
  it('amina follows a late-blight alert to its lesson, saves the topic, reads it offline after a reload, and listens in French', async () => {
    const { context, page } = await launchProfile(profileDir(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    await context.addInitScript(stubSpeech, [
      { lang: 'en-US', name: 'English' },
      { lang: 'fr-FR', name: 'Français' },
    ]);
    let removeField: () => Promise<void> = async () => undefined;
    try {
      await signInAmina(page);
      await underServiceWorker(page);

      // The late-blight alert in her notifications links the blight lesson.
      removeField = await raiseBlightAlert(page);
      await followBlightAlert(page);
      await textOf(page.getByRole('heading', { level: 1 }), BLIGHT);

      // A lesson of another topic, opened once online: kept by the service worker, not saved.
      await page.goto('/education/drying-maize');
      await textOf(page.getByRole('heading', { level: 1 }), DRYING);
      await page.goto('/education/late-blight');
      await textOf(page.getByRole('heading', { level: 1 }), BLIGHT);

      await saveTopic(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: 'Ravageurs et maladies', exact: true }).click();
      await textOf(page.getByTestId('lesson-offline-saved'), 'Gardées hors ligne');
      // The topic's other lesson, never opened: saved with the topic.
      await page
        .getByTestId('lesson-card')
        .getByRole('link', { name: new RegExp(ARMYWORM) })
        .click();
      await textOf(page.getByRole('heading', { level: 1 }), ARMYWORM);
      await visible(page.getByTestId('lesson-key-steps'));
      await page.goto('/education/late-blight');
      await page.reload();
      await textOf(page.getByRole('heading', { level: 1 }), BLIGHT);
      expect(await page.getByTestId('lesson-key-steps').locator('li').count()).toBe(3);

      await page.goto('/education/drying-maize');
      await textOf(page.getByRole('heading', { level: 1 }), DRYING);
      await page.goto('/education/late-blight');
      await textOf(page.getByRole('heading', { level: 1 }), BLIGHT);

      await listen(page);

      // "Remove" deletes the topic from the phone (offline too: it is the phone's own cache).
      await page.getByRole('link', { name: 'Toutes les leçons' }).click();
      await page.getByRole('button', { name: 'Ravageurs et maladies', exact: true }).click();
      await page.getByTestId('lesson-offline').getByRole('button', { name: 'Retirer' }).click();
      await visible(page.getByRole('button', { name: 'Garder hors ligne' }));
      expect(await inLessonsCache(page, '/api/lessons/fall-armyworm')).toBe(false);
      await context.setOffline(false);
    } finally {
      await removeField();
      await context.close();
    }
  }, 240_000);

  it('says that the phone has no French voice, or cannot read aloud, instead of failing', async () => {
    const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    try {
      await signInAmina(page);
      const noFrench = await lessonWithVoices(context, [{ lang: 'en-GB', name: 'English' }]);
      await textOf(noFrench, 'Aucune voix française sur ce téléphone');
      await shot(noFrench.page(), 'lesson-no-voice-fr-phone', false);
      expect(await noFrench.isDisabled()).toBe(true);
      const none = await lessonWithVoices(context, null);
      await textOf(none, 'Ce navigateur ne sait pas lire à voix haute');
      expect(await none.isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);
});
