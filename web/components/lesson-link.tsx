// "📖 How to spot late blight": the lesson that fits a moment of the app (an alert, a task, a wet lot), one tap away.
// Shared UI rather than the lessons feature's, since other features draw it and features do not import each other.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lessonsQuery } from '../lib/queries/lessons';

/**
 * Draws nothing for a slug that is not among the published lessons; until they are known, an empty line of the
 * link's height, so that the link arriving does not push down what follows (a layout shift).
 */
export function LessonLink({ slug, onClick }: { slug: string; onClick?: () => void }) {
  const { t, i18n } = useTranslation('lessons');
  const lessons = useQuery(lessonsQuery({}, i18n.language));
  const lesson = lessons.data?.find((candidate) => candidate.slug === slug);
  if (lessons.isPending) {
    return <span aria-hidden className="inline-flex min-h-11" data-testid="lesson-link-pending" />;
  }
  if (!lesson) {
    return null;
  }
  return (
    <Link
      href={`/education/${lesson.slug}`}
      onClick={onClick}
      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 hover:underline"
      data-testid="lesson-link"
    >
      {t('link', { title: lesson.title })}
    </Link>
  );
}
