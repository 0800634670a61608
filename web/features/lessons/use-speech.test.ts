// The voice chosen for a lesson's language: France's French or British English first, else any voice of the
// language (a phone's "fr-CI" or "en_NG"), never one of another language.
import { describe, expect, it } from 'vitest';
import { pickVoice } from './use-speech';

const voices = (...langs: string[]) => langs.map((lang) => ({ lang }));

describe('pickVoice', () => {
  it('prefers fr-FR and en-GB', () => {
    expect(pickVoice(voices('en-US', 'fr-CA', 'fr-FR', 'en-GB'), 'fr')).toBe(2);
    expect(pickVoice(voices('en-US', 'fr-CA', 'fr-FR', 'en-GB'), 'en')).toBe(3);
  });

  it('takes any voice of the language otherwise, whatever its spelling', () => {
    expect(pickVoice(voices('de-DE', 'FR_ci'), 'fr')).toBe(1);
    expect(pickVoice(voices('en_NG'), 'en')).toBe(0);
  });

  it('finds none for a language the phone has no voice for', () => {
    expect(pickVoice(voices('en-US', 'en-GB'), 'fr')).toBeNull();
    expect(pickVoice([], 'en')).toBeNull();
    expect(pickVoice(voices('fro'), 'fr')).toBeNull();
  });
});
