// USSD screen parts: pages that fit a handset, the replay of a session's answers (back, home, a refused answer).
import { describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX } from '../../contract/phone';
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
  it('cuts a long screen at a line with an ellipsis', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i} with some words`).join('\n');
    const fitted = fitScreen(text);
    expect(fitted.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(fitted.endsWith('…')).toBe(true);
    expect(fitScreen('short')).toBe('short');
  });
});
