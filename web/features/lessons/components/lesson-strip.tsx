// A row of lessons under a heading that scrolls sideways on a phone: "For your crops now", "Recently read".
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TLessonSummary } from '../../../../contract/lessons';
import { ProgressBadge } from './lesson-card';

export function LessonStrip({
  id,
  title,
  lessons,
}: {
  /** The heading's id, also the section's test id. */
  id: string;
  title: string;
  lessons: TLessonSummary[];
}) {
  const { t } = useTranslation('lessons');
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-testid={id}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {lessons.map((lesson) => (
          <li
            key={lesson.slug}
            className="flex w-60 shrink-0 snap-start flex-col gap-1 rounded-lg border border-brand-200 bg-brand-50 p-3"
          >
            <Link
              href={`/education/${lesson.slug}`}
              lang={lesson.language}
              className="inline-flex min-h-11 items-center font-semibold text-brand-900 hover:underline"
            >
              {lesson.title}
            </Link>
            <p className="flex flex-wrap items-center gap-2 text-xs text-stone-700">
              <span>{t('card.minutes', { count: lesson.readingMinutes })}</span>
              <ProgressBadge progress={lesson.progress} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
