// "Listen": the phone reads the lesson aloud in the lesson's language, with pause, resume and stop, and shows the
// sentence it is reading. Without speech synthesis, or without a voice for that language, the button says so.
import { Pause, Play, Square, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLesson } from '../../../../contract/lessons';
import { Button } from '../../../components/ui/button';
import { lessonSpeech, type SpokenPart } from '../speech-text';
import { useSpeech, useVoice } from '../use-speech';

const ICON = 'size-4 shrink-0';

/** What "Listen" says of the lesson, part by part (the page highlights the sentence in its part). */
export function useLessonSpeech(lesson: TLesson): SpokenPart[] {
  const { i18n } = useTranslation('lessons');
  return useMemo(() => {
    // The "do / don't" labels are said in the lesson's language (its catalogue when loaded, else the reader's).
    const say = i18n.getFixedT(
      i18n.hasResourceBundle(lesson.language, 'lessons') ? lesson.language : i18n.language,
      'lessons',
    );
    return lessonSpeech(lesson, (kind, line) => say(`listen.${kind}`, { line }));
  }, [lesson, i18n]);
}

interface ListenProps {
  lesson: TLesson;
  parts: SpokenPart[];
  /** Told the number of the sentence being said, or null. */
  onReading: (sentence: number | null) => void;
}

export function ListenButton(props: ListenProps) {
  const { t } = useTranslation('lessons');
  const { lesson } = props;
  const voice = useVoice(lesson.language);
  if (typeof voice !== 'string') {
    return <Listening {...props} voice={voice} />;
  }
  const said = {
    checking: t('listen.listen'),
    none: t(`listen.noVoice.${lesson.language}`),
    unsupported: t('listen.unsupported'),
  }[voice];
  return (
    <div>
      <Button variant="secondary" disabled data-testid="lesson-listen">
        {voice === 'checking' ? (
          <Volume2 aria-hidden className={ICON} />
        ) : (
          <VolumeX aria-hidden className={ICON} />
        )}
        {said}
      </Button>
    </div>
  );
}

function Listening({ lesson, parts, onReading, voice }: ListenProps & { voice: SpeechSynthesisVoice }) {
  const { t } = useTranslation('lessons');
  const sentences = useMemo(() => parts.flatMap((part) => part.sentences), [parts]);
  const { playback, current, play, pause, resume, stop } = useSpeech(sentences, voice);
  useEffect(() => onReading(current), [current, onReading]);
  return (
    <div className="flex flex-col gap-2" data-testid="lesson-listen-panel">
      <div className="flex flex-wrap gap-2">
        {playback === 'idle' ? (
          <Button variant="secondary" onClick={play} data-testid="lesson-listen">
            <Volume2 aria-hidden className={ICON} />
            {t('listen.listen')}
          </Button>
        ) : playback === 'playing' ? (
          <Button variant="secondary" onClick={pause} data-testid="lesson-listen">
            <Pause aria-hidden className={ICON} />
            {t('listen.pause')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={resume} data-testid="lesson-listen">
            <Play aria-hidden className={ICON} />
            {t('listen.resume')}
          </Button>
        )}
        {playback === 'idle' ? null : (
          <Button variant="ghost" onClick={stop}>
            <Square aria-hidden className={ICON} />
            {t('listen.stop')}
          </Button>
        )}
      </div>
      {current === null ? null : (
        // What is being read, highlighted (visual only: a screen reader would talk over the voice).
        <p lang={lesson.language} aria-hidden className="rounded-md bg-amber-50 p-2 text-stone-900">
          <mark className="bg-amber-200 px-0.5" data-testid="lesson-listen-sentence">
            {sentences[current]}
          </mark>
        </p>
      )}
    </div>
  );
}
