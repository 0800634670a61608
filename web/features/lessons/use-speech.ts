// The browser's speech synthesis reading sentences one utterance at a time (so the one being read is known, and a
// pause goes back to its start), in a voice of the lesson's language when the phone has one.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Voices load after the page in Chrome (getVoices() is empty until `voiceschanged`): wait this long at most. */
const VOICE_WAIT_MS = 1500;

/** The voice a language prefers (France's French, British English: the accents nearest West Africa's schools). */
const PREFERRED: Record<string, string> = { fr: 'fr-fr', en: 'en-gb' };

/** 'checking' while voices load; 'none' without a voice for the language; 'unsupported' without speech synthesis. */
type VoiceState = 'checking' | 'none' | 'unsupported' | SpeechSynthesisVoice;

const synthesis = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

export function pickVoice(
  voices: readonly Pick<SpeechSynthesisVoice, 'lang'>[],
  language: string,
): number | null {
  const lang = (voice: Pick<SpeechSynthesisVoice, 'lang'>) => voice.lang.replace('_', '-').toLowerCase();
  const exact = voices.findIndex((voice) => lang(voice) === PREFERRED[language]);
  const any = voices.findIndex((voice) => lang(voice).split('-')[0] === language);
  const found = exact >= 0 ? exact : any;
  return found >= 0 ? found : null;
}

/** The phone's voice for `language`, once its voices have loaded (or the wait is over). */
export function useVoice(language: string): VoiceState {
  const [state, setState] = useState<VoiceState>(() => (synthesis() ? 'checking' : 'unsupported'));
  useEffect(() => {
    const synth = synthesis();
    if (!synth) {
      return;
    }
    const look = (final: boolean) => {
      const voices = synth.getVoices();
      const found = pickVoice(voices, language);
      if (found !== null) {
        setState(voices[found] as SpeechSynthesisVoice);
      } else if (final || voices.length > 0) {
        setState('none');
      }
    };
    const onChange = () => look(false);
    look(false);
    synth.addEventListener('voiceschanged', onChange);
    const timer = setTimeout(() => look(true), VOICE_WAIT_MS);
    return () => {
      synth.removeEventListener('voiceschanged', onChange);
      clearTimeout(timer);
    };
  }, [language]);
  return state;
}

type Playback = 'idle' | 'playing' | 'paused';

/** Reads `sentences` with `voice`: play from the start (or where it stopped), pause, resume, stop. */
export function useSpeech(sentences: readonly string[], voice: SpeechSynthesisVoice | null) {
  const [playback, setPlayback] = useState<Playback>('idle');
  const [current, setCurrent] = useState<number | null>(null);
  // Each play or stop starts a new run: the end of an utterance cancelled by it must not move the next run on.
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current++;
    synthesis()?.cancel();
    setPlayback('idle');
    setCurrent(null);
  }, []);

  const speakFrom = useCallback(
    (index: number, id: number) => {
      const synth = synthesis();
      if (!synth || !voice || run.current !== id) {
        return;
      }
      if (index >= sentences.length) {
        setPlayback('idle');
        setCurrent(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(sentences[index]);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.onend = () => speakFrom(index + 1, id);
      utterance.onerror = (event) => {
        // A cancel (stop, or a new play) ends the utterance with an error: only another failure stops the reading.
        if (run.current === id && event.error !== 'interrupted' && event.error !== 'canceled') {
          stop();
        }
      };
      setCurrent(index);
      synth.speak(utterance);
    },
    [sentences, voice, stop],
  );

  const play = useCallback(() => {
    run.current++;
    synthesis()?.cancel();
    setPlayback('playing');
    speakFrom(0, run.current);
  }, [speakFrom]);
  // A pause cancels the sentence and a resume says it again from its start: speechSynthesis.pause() is not to be
  // trusted on Android's Chrome (it may do nothing, or stop for good), and those are the phones this is for.
  const pause = useCallback(() => {
    run.current++;
    synthesis()?.cancel();
    setPlayback('paused');
  }, []);
  const resume = useCallback(() => {
    run.current++;
    setPlayback('playing');
    speakFrom(current ?? 0, run.current);
  }, [current, speakFrom]);

  // Leaving the page stops the voice (it would otherwise read on over the next screen).
  useEffect(() => stop, [stop]);
  return { playback, current, play, pause, resume, stop };
}
