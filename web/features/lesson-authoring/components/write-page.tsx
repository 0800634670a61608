// /education/write: where experts and managers write lessons. Lessons waiting for the caller's review first, then
// their own drafts, then the published lessons from which a new version starts; managers name the experts here.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TLessonDraftList } from '../../../../contract/lesson-authoring';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate } from '../../../lib/format';
import { lessonDraftsQuery } from '../../../lib/queries/lesson-authoring';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { useUser } from '../../../lib/session';
import { AUTHORING_NS } from '../namespaces';
import { ExpertsCard } from './experts-card';

type DraftItem = TLessonDraftList['data'][number];

const LINK = 'inline-flex min-h-11 items-center font-semibold text-brand-900 hover:underline';

function DraftRow({ item }: { item: DraftItem }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  return (
    <li
      className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-3"
      data-testid="draft-row"
    >
      <Link href={`/education/write/${item.slug}`} className={LINK}>
        {item.title}
      </Link>
      <p className="flex flex-wrap items-center gap-2 text-xs text-stone-700">
        <Badge variant={item.state === 'in_review' ? 'default' : 'secondary'}>
          {t(`states.${item.state}`)}
        </Badge>
        <span>
          {item.author
            ? t('lists.by', { name: item.author, date: formatDate(item.updatedAt, i18n.language) })
            : formatDate(item.updatedAt, i18n.language)}
        </span>
      </p>
    </li>
  );
}

function DraftSection({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: DraftItem[];
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-testid={id}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <DraftRow key={item.slug} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The published lessons, each a way into its next version. */
function PublishedLessons() {
  const { t, i18n } = useTranslation('lesson-authoring');
  const query = useQuery(lessonsQuery({}, i18n.language));
  return (
    <section aria-labelledby="published-lessons" className="flex flex-col gap-2">
      <h2 id="published-lessons" className="text-lg font-semibold text-stone-900">
        {t('lists.published')}
      </h2>
      <p className="text-sm text-stone-600">{t('lists.publishedHint')}</p>
      <QueryState
        query={query}
        error={t('lessons:center.loadError')}
        pending={<BlockSpinner className="py-4" />}
      >
        {(lessons) => (
          <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {lessons.map((lesson) => (
              <li key={lesson.slug} className="flex items-center justify-between gap-2 px-3">
                <span lang={lesson.language} className="py-2 text-sm text-stone-800">
                  {lesson.title}
                </span>
                <Link
                  href={`/education/write/${lesson.slug}`}
                  className="inline-flex min-h-11 shrink-0 items-center text-sm text-brand-800 underline"
                  aria-label={t('lists.newVersionOf', { title: lesson.title })}
                >
                  {t('lists.newVersion')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

export function WritePage() {
  const { t } = useTranslation(AUTHORING_NS);
  const query = useQuery(lessonDraftsQuery());
  const isManager = useUser().data?.role === 'manager';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          query.data?.canWrite ? (
            <Button asChild>
              <Link href="/education/write/new">{t('newLesson')}</Link>
            </Button>
          ) : null
        }
      />
      <QueryState query={query} error={t('loadError')} errorClassName={ERROR_BOX}>
        {(list) =>
          list.canWrite ? (
            <>
              <DraftSection
                id="drafts-to-review"
                title={t('lists.toReview')}
                empty={t('lists.toReviewEmpty')}
                items={list.data.filter((item) => !item.mine && item.state === 'in_review')}
              />
              <DraftSection
                id="drafts-mine"
                title={t('lists.mine')}
                empty={t('lists.mineEmpty')}
                items={list.data.filter((item) => item.mine)}
              />
              {isManager ? <ExpertsCard /> : null}
              <PublishedLessons />
            </>
          ) : (
            <p className="text-stone-700">{t('notExpert')}</p>
          )
        }
      </QueryState>
    </div>
  );
}
