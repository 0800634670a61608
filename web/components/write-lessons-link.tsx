// "Write lessons" on the Learning Center, for managers and the experts they name: shared UI rather than the
// authoring feature's, since the lessons feature draws it and features do not import each other.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lessonDraftsQuery } from '../lib/queries/lesson-authoring';
import { Button } from './ui/button';

/** Nothing until the server says the reader may write (nor when it cannot say: offline, an old server). */
export function WriteLessonsLink() {
  const { t } = useTranslation('lesson-authoring');
  const drafts = useQuery({ ...lessonDraftsQuery(), retry: false });
  if (!drafts.data?.canWrite) {
    return null;
  }
  return (
    <Button asChild variant="secondary">
      <Link href="/education/write" data-testid="write-lessons-link">
        {t('entry')}
      </Link>
    </Button>
  );
}
