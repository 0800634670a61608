// USSD screen parts: pages that fit a handset, the replay of a session's answers (back, home, a refused answer).
import { describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX, USSD_SCREEN_MAX_UCS2 } from '../../contract/phone';
import { smsLength } from '../channels/sms-text';
import { choiceScreen, end, fitScreen, inputScreen, type Screen, walk } from './ussd-screens';

const names = Array.from({ length: 30 }, (_, i) => `Commodity with a long name ${i + 1}`);

function list(picked: string[] = []): Screen {
  return choiceScreen({
    lang: 'en',
    title: 'Choose',
    items: names,
    label: (name) => name,
    pick: (name) => {
      picked.push(name);
      return end(`You chose ${name}`);
    },
    first: true,
  });
}

describe('choiceScreen', () => {
  it('packs as many choices as fit, pages the rest with 9, and picks by the number shown', async () => {
    const first = await walk(list(), []);
    expect(first.length - 4).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(first).toContain('1 Commodity with a long name 1\n');
    expect(first).toContain('\n9 More');
    const shownOnFirst = first.split('\n').filter((l) => /^[1-7] /.test(l)).length;
    const second = await walk(list(), ['9']);
    expect(second).toContain(`1 Commodity with a long name ${shownOnFirst + 1}\n`);
    expect(await walk(list(), ['9', '2'])).toBe(
      `END You chose Commodity with a long name ${shownOnFirst + 2}`,
    );
  });

  it('refuses a number with no choice behind it, and the screen stays', async () => {
    const screen = await walk(list(), []);
    expect(await walk(list(), ['8'])).toBe(screen.replace('CON ', 'CON Invalid choice.\n'));
    expect(await walk(list(), ['x', '1'])).toBe('END You chose Commodity with a long name 1');
  });

  it('never passes 182 characters, whatever the names', async () => {
    const long = choiceScreen({
      lang: 'fr',
      title: 'Choisissez',
      items: ['x'.repeat(300), 'y'.repeat(300)],
      label: (n) => n,
      pick: () => end('ok'),
    });
    for (const answers of [[], ['9'], ['x']]) {
      expect((await walk(long, answers)).length - 4).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    }
  });
});

describe('walk', () => {
  const root = (): Screen =>
    inputScreen('Home', (input) =>
      input === '1'
        ? { screen: inputScreen('Name?', (name) => ({ screen: end(`Hello ${name}`) })) }
        : { invalid: 'No.' },
    );

  it('goes back with 0, home with 00, and only the last answer counts as typed now', async () => {
    expect(await walk(root(), ['1', '0'])).toBe('CON Home');
    expect(await walk(root(), ['1', '00'])).toBe('CON Home');
    expect(await walk(root(), ['2'])).toBe('CON No.\nHome');
    expect(await walk(root(), ['2', '1', 'Awa'])).toBe('END Hello Awa');
    const seen: boolean[] = [];
    const tracking = inputScreen('Home', (_input, last) => {
      seen.push(last);
      return { invalid: 'again' };
    });
    await walk(tracking, ['a', 'b', 'c']);
    expect(seen).toEqual([false, false, true]);
  });
});

describe('fitScreen', () => {
  it('cuts a long screen at a line with three dots, which GSM-7 has (an ellipsis character would make it UCS-2)', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i} with some words`).join('\n');
    const fitted = fitScreen(text);
    expect(fitted.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(fitted.length).toBeGreaterThan(USSD_SCREEN_MAX - 30);
    expect(fitted).toMatch(/words\.\.\.$/);
    expect(smsLength(fitted).encoding).toBe('gsm7');
    expect(fitScreen('short')).toBe('short');
  });

  it('keeps a short screen with a character outside GSM-7 as it is: it fits in UCS-2', () => {
    const text = 'Langue :\n1 English\n2 Français';
    expect(fitScreen(text)).toBe(text);
  });

  it('sends a long screen whose characters all have a GSM-7 spelling in GSM-7, whole (n° → no, ê → e)', () => {
    const text = `Offre n° 12 acceptée : commande n° 34, prête. ${'Récolte de maïs '.repeat(7)}`.trim();
    expect(smsLength(text).encoding).toBe('ucs2');
    expect(text.length).toBeGreaterThan(USSD_SCREEN_MAX_UCS2);
    const fitted = fitScreen(text);
    expect(fitted).toBe(
      `Offre no 12 acceptée : commande no 34, prete. ${'Récolte de mais '.repeat(7)}`.trim(),
    );
    expect(smsLength(fitted)).toMatchObject({ encoding: 'gsm7' });
    expect(smsLength(fitted).units).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });

  it('cuts a screen with a character GSM-7 cannot spell to the UCS-2 limit, not the GSM-7 one', () => {
    for (const text of [`🌽 ${'a'.repeat(150)}`, `玉米\n${'line of words\n'.repeat(12)}`]) {
      const fitted = fitScreen(text);
      expect(smsLength(fitted).encoding, text).toBe('ucs2');
      expect(smsLength(fitted).units, text).toBeLessThanOrEqual(USSD_SCREEN_MAX_UCS2);
      expect(smsLength(fitted).units, text).toBeGreaterThan(USSD_SCREEN_MAX_UCS2 - 20);
      expect(fitted.endsWith('...'), text).toBe(true);
    }
    // Cut before the only such character, the rest is GSM-7 again, with its room.
    expect(fitScreen(`${'b'.repeat(120)} 🌽`)).toBe(`${'b'.repeat(120)}...`);
    // A cut never splits a character made of two UTF-16 units.
    const emojis = fitScreen('🌽'.repeat(100));
    expect(emojis).toBe(`${'🌽'.repeat(38)}...`);
  });

  it('pages a list with a name GSM-7 cannot spell within the UCS-2 limit, every page', async () => {
    const items = Array.from({ length: 12 }, (_, i) => `玉米 market ${i + 1}`);
    const paged = choiceScreen({
      lang: 'fr',
      title: 'Prix à la tonne :',
      items,
      label: (name) => name,
      pick: () => end('ok'),
    });
    const shown: string[] = [];
    for (let page = 0, answers: string[] = []; page < 12; page += 1, answers = [...answers, '9']) {
      const screen = (await walk(paged, answers)).slice(4);
      expect(smsLength(screen).units, screen).toBeLessThanOrEqual(USSD_SCREEN_MAX_UCS2);
      expect(screen.endsWith('...'), screen).toBe(false);
      shown.push(...screen.split('\n').filter((l) => /^[1-7] /.test(l)));
      if (!screen.includes('\n9 ')) {
        break;
      }
    }
    expect(shown).toHaveLength(items.length);
    // An invalid answer's reason still fits above the page.
    const refused = (await walk(paged, ['x'])).slice(4);
    expect(smsLength(refused).units).toBeLessThanOrEqual(USSD_SCREEN_MAX_UCS2);
    expect(refused.endsWith('...')).toBe(false);
  });

  it('packs a list of accented names as GSM-7 will send it (182), not as UCS-2 (80)', async () => {
    const items = Array.from({ length: 7 }, (_, i) => `Maïs blanc ${i + 1}`);
    const screen = (
      await walk(
        choiceScreen({
          lang: 'fr',
          title: 'Vendre : choisissez un produit',
          items,
          label: (n) => n,
          pick: () => end(''),
        }),
        [],
      )
    ).slice(4);
    expect(screen.split('\n').filter((l) => /^[1-7] /.test(l))).toHaveLength(7);
    expect(smsLength(screen)).toMatchObject({ encoding: 'gsm7' });
    expect(screen).toContain('1 Mais blanc 1\n');
  });
});
