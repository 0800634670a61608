// "Listen" before the phone's voices are known: waiting on them, or saying that the browser cannot read aloud.
// (Choosing the voice is use-speech.test.ts's; reading, pausing and "no French voice" run in the browser:
// e2e/lessons-offline.spec.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draw, lesson } from '../lessons-test-kit';
import { ListenButton } from './listen-button';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListenButton', () => {
  it('says in French that the browser cannot read aloud when it has no speech synthesis', async () => {
    const { html, text, missing } = await draw(
      <ListenButton lesson={lesson({ language: 'fr' })} parts={[]} onReading={() => undefined} />,
      {
        language: 'fr',
      },
    );
    expect(missing).toEqual([]);
    expect(text).toContain('Ce navigateur ne sait pas lire à voix haute');
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('waits, disabled, while the voices load', async () => {
    vi.stubGlobal('window', { speechSynthesis: {} });
    const { html, text } = await draw(
      <ListenButton lesson={lesson()} parts={[]} onReading={() => undefined} />,
    );
    expect(text.trim()).toBe('Listen');
    expect(html).toMatch(/<button[^>]*disabled/);
  });
});
