// /education/:slug, one lesson: its title and reading time, the three key steps first, the body, where its facts
// come from, who reviewed it and which version this is. Opening it is recorded once, "Mark as finished" records the
// end; neither ever stands in the way of reading (a failure is only logged).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { TLesson, TLessonSource } from '../../../../contract/lessons';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { lessonQuery } from '../../../lib/queries/lesson';
import { useLessonProgress } from '../../../lib/queries/lessons';
import { markFirstScreen } from '../../../lib/when-idle';
import { OnlyInNote } from './lesson-card';
import { LessonSections } from './lesson-sections';
import { ListenButton, useLessonSpeech } from './listen-button';
import { partStarts, ReadingProvider, Spoken } from './spoken';

/** The route's screen: the lesson its address names (a new address, a new page). */
export function LessonScreen() {
  const { slug = '' } = useParams<{ slug: string }>();
  return <LessonPage key={slug} slug={slug} />;
}

export function LessonPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('lessons');
  const lesson = useQuery(lessonQuery(slug, i18n.language));
  // The page's first drawing (as a screen's header says) releases the app's idle work.
  useEffect(markFirstScreen, []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link href="/education" className="inline-flex min-h-11 items-center text-sm text-brand-800 underline">
        {t('lesson.back')}
      </Link>
      <QueryState query={lesson} error={t('lesson.loadError')}>
        {(data) => <LessonView lesson={data} />}
      </QueryState>
    </div>
  );
}

function LessonView({ lesson }: { lesson: TLesson }) {
  const { t, i18n } = useTranslation('lessons');
  useRecordOpened(lesson);
  const parts = useLessonSpeech(lesson);
  const [current, setCurrent] = useState<number | null>(null);
  const reading = useMemo(() => ({ current, parts: partStarts(parts) }), [current, parts]);
  return (
    <ReadingProvider value={reading}>
      <article lang={lesson.language} className="flex flex-col gap-6" data-testid="lesson">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">
            <Spoken part="title" text={lesson.title} />
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700" lang={i18n.language}>
            <span>{t('card.minutes', { count: lesson.readingMinutes })}</span>
            <Badge variant="secondary">{t(`topics.${lesson.topic}`)}</Badge>
          </p>
          <OnlyInNote language={lesson.language} />
          <p className="text-stone-700">
            <Spoken part="summary" text={lesson.summary} />
          </p>
          <div lang={i18n.language}>
            <ListenButton lesson={lesson} parts={parts} onReading={setCurrent} />
          </div>
        </header>
        <KeySteps steps={lesson.keySteps} />
        <LessonSections sections={lesson.sections} />
        <footer className="flex flex-col gap-4 border-t border-stone-200 pt-4" lang={i18n.language}>
          <Sources sources={lesson.sources} />
          <p className="text-sm text-stone-600" data-testid="lesson-provenance">
            {lesson.reviewedBy ? (
              <span className="block">{t('lesson.reviewedBy', { name: lesson.reviewedBy })}</span>
            ) : null}
            <span className="block">
              {t('lesson.version', {
                version: lesson.version,
                date: formatDate(lesson.publishedAt, i18n.language, 'PP'),
              })}
            </span>
          </p>
          <FinishButton lesson={lesson} />
        </footer>
      </article>
    </ReadingProvider>
  );
}

/** Records "opened" once per page (not again when the answer refreshes the lesson). */
function useRecordOpened(lesson: TLesson) {
  const opened = useLessonProgress(lesson);
  const recorded = useRef(false);
  const { mutate } = opened;
  useEffect(() => {
    if (!recorded.current) {
      recorded.current = true;
      mutate({ finished: false });
    }
  }, [mutate]);
}

/** The three steps a phone would send by SMS: the lesson in brief, highlighted before the body. */
function KeySteps({ steps }: { steps: string[] }) {
  const { t, i18n } = useTranslation('lessons');
  return (
    <section
      aria-labelledby="lesson-key-steps"
      className="rounded-lg border-2 border-brand-300 bg-brand-50 p-4"
      data-testid="lesson-key-steps"
    >
      <h2 id="lesson-key-steps" lang={i18n.language} className="mb-2 text-lg font-semibold text-brand-900">
        {t('lesson.keySteps')}
      </h2>
      <ol className="list-decimal space-y-1 pl-6 font-medium text-stone-900">
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps never reorder on screen.
          <li key={i}>
            <Spoken part={`key.${i}`} text={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Only web addresses become links: a source's `javascript:` or `data:` address stays unlinked text. */
const isWebAddress = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

function Sources({ sources }: { sources: TLessonSource[] }) {
  const { t } = useTranslation('lessons');
  return (
    <section aria-labelledby="lesson-sources" data-testid="lesson-sources">
      <h2 id="lesson-sources" className="mb-1 font-semibold text-stone-900">
        {t('lesson.sources')}
      </h2>
      <ul className="flex flex-col gap-1 text-sm text-stone-700">
        {sources.map((source) => {
          const text =
            source.year === null
              ? t('lesson.source', { publisher: source.publisher, title: source.title })
              : t('lesson.sourceYear', {
                  publisher: source.publisher,
                  title: source.title,
                  year: source.year,
                });
          return (
            <li key={`${source.publisher}:${source.title}`}>
              {isWebAddress(source.url) ? (
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-800 underline"
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "Mark as finished", or that the reader finished it (already, or just now even if kept on the phone). */
function FinishButton({ lesson }: { lesson: TLesson }) {
  const { t } = useTranslation('lessons');
  const finish = useLessonProgress(lesson);
  if (lesson.progress?.finishedAt || finish.isSuccess) {
    return (
      <p role="status" className="font-medium text-brand-900" data-testid="lesson-finished">
        ✓ {t('lesson.finished')}
      </p>
    );
  }
  return (
    <Button
      size="lg"
      disabled={finish.isPending}
      onClick={() => finish.mutate({ finished: true })}
      data-testid="lesson-finish"
    >
      {t('lesson.finish')}
    </Button>
  );
}
