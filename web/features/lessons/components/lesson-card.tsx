// One lesson in a list: its title (opening it), summary, reading time, topic, the reader's progress, and the
// language it is written in when it is not the reader's.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TLessonSummary } from '../../../../contract/lessons';
import { Badge } from '../../../components/ui/badge';

/** "Finished", "Read" (opened, not finished), or nothing for a lesson never opened. */
export function ProgressBadge({ progress }: Pick<TLessonSummary, 'progress'>) {
  const { t } = useTranslation('lessons');
  if (!progress) {
    return null;
  }
  return progress.finishedAt ? (
    <Badge data-testid="lesson-progress">{t('card.finished')}</Badge>
  ) : (
    <Badge variant="outline" data-testid="lesson-progress">
      {t('card.opened')}
    </Badge>
  );
}

/** "In English only" when the lesson is not written in the reader's language. */
export function OnlyInNote({ language }: Pick<TLessonSummary, 'language'>) {
  const { t, i18n } = useTranslation('lessons');
  return language === i18n.language ? null : (
    // In the reader's language, though the lesson around it is not.
    <p lang={i18n.language} className="text-xs font-medium text-amber-800" data-testid="lesson-only-in">
      {t(`card.onlyIn.${language}`)}
    </p>
  );
}

export function LessonCard({ lesson }: { lesson: TLessonSummary }) {
  const { t } = useTranslation('lessons');
  return (
    <li
      data-testid="lesson-card"
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
    >
      <Link
        href={`/education/${lesson.slug}`}
        lang={lesson.language}
        // A box of its own (not a word in a sentence): a whole touch target on a phone.
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline"
      >
        {lesson.title}
      </Link>
      <p lang={lesson.language} className="text-sm text-stone-700">
        {lesson.summary}
      </p>
      <OnlyInNote language={lesson.language} />
      <div className="flex flex-wrap items-center gap-2 text-xs text-stone-700">
        <span>{t('card.minutes', { count: lesson.readingMinutes })}</span>
        <Badge variant="secondary">{t(`topics.${lesson.topic}`)}</Badge>
        <ProgressBadge progress={lesson.progress} />
      </div>
    </li>
  );
}
