// /education, the Learning Center: the lessons fitting the reader's crops now, those read lately, then every published
// lesson by topic (chosen by a chip, or by the address's `?topic=`; a topic can be saved for offline) and by search.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { LESSON_TOPICS, type LessonTopic } from '../../../../contract/lessons-constants';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { WriteLessonsLink } from '../../../components/write-lessons-link';
import { cn } from '../../../lib/cn';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { useDebounced } from '../../../lib/use-debounced';
import { recentlyRead } from '../recently-read';
import { LessonCard } from './lesson-card';
import { LessonStrip } from './lesson-strip';
import { OfflineTopic } from './offline-topic';

/** A pause in typing this long sends the search. */
const SEARCH_PAUSE_MS = 300;

const topicOf = (search: string): LessonTopic | undefined => {
  const asked = new URLSearchParams(search).get('topic');
  return LESSON_TOPICS.find((topic) => topic === asked);
};

export function LearningCenterPage() {
  const { t, i18n } = useTranslation('lessons');
  const search = useSearch();
  const [firstTopic] = useState(() => topicOf(search));
  const [topic, setTopic] = useState(firstTopic);
  const [text, setText] = useState('');
  const q = useDebounced(text, SEARCH_PAUSE_MS);
  // The two strips above the topics come from reads of their own: the page waits for them and the first list (all
  // asked for at once), so that the strips do not push the topics and the list down as they arrive.
  const stripsPending = [
    useQuery(lessonsQuery({ forMe: true }, i18n.language)),
    useQuery(lessonsQuery({}, i18n.language)),
    useQuery(lessonsQuery({ topic: firstTopic }, i18n.language)),
  ].some((query) => query.isPending);
  const header = (
    <PageHeader title={t('title')} description={t('description')} actions={<WriteLessonsLink />} />
  );
  if (stripsPending) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <BlockSpinner className="py-8" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {header}
      <ForYourCrops />
      <RecentlyRead />
      <search className="flex flex-col gap-3">
        <TopicChips topic={topic} onTopic={setTopic} />
        <Field id="lessons-q" label={t('center.search')}>
          <Input
            id="lessons-q"
            type="search"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
      </search>
      {topic ? <OfflineTopic topic={topic} /> : null}
      <LessonList topic={topic} q={q} />
    </div>
  );
}

/** "For your crops now"; nothing when no lesson fits (or it failed). */
function ForYourCrops() {
  const { t, i18n } = useTranslation('lessons');
  const query = useQuery(lessonsQuery({ forMe: true }, i18n.language));
  if (!query.isSuccess || query.data.length === 0) {
    return null;
  }
  return <LessonStrip id="lessons-for-you" title={t('center.forYou')} lessons={query.data} />;
}

/** "Recently read", from the whole list's progress (the reader's own); nothing before a first lesson is opened. */
function RecentlyRead() {
  const { t, i18n } = useTranslation('lessons');
  const query = useQuery(lessonsQuery({}, i18n.language));
  const recent = query.data ? recentlyRead(query.data) : [];
  return recent.length === 0 ? null : (
    <LessonStrip id="lessons-recent" title={t('center.recent')} lessons={recent} />
  );
}

/** "All topics" and the seven topics, one pressed at a time; they wrap onto more lines on a phone. */
function TopicChips({
  topic,
  onTopic,
}: {
  topic: LessonTopic | undefined;
  onTopic: (topic: LessonTopic | undefined) => void;
}) {
  const { t } = useTranslation('lessons');
  const chips: { value: LessonTopic | undefined; label: string }[] = [
    { value: undefined, label: t('topics.all') },
    ...LESSON_TOPICS.map((value) => ({ value, label: t(`topics.${value}`) })),
  ];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('topics.label')}</legend>
      {chips.map(({ value, label }) => (
        <button
          key={value ?? 'all'}
          type="button"
          aria-pressed={topic === value}
          onClick={() => onTopic(value)}
          className={cn(
            'min-h-11 rounded-full border px-3 text-sm font-medium',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            topic === value
              ? 'border-brand-800 bg-brand-800 text-white'
              : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
          )}
          data-testid="lesson-topic"
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

function LessonList({ topic, q }: { topic: LessonTopic | undefined; q: string }) {
  const { t, i18n } = useTranslation('lessons');
  // While another topic or search loads, the previous cards stay on screen.
  const query = useQuery({ ...lessonsQuery({ topic, q }, i18n.language), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="lessons-list" className="flex flex-col gap-2">
      <h2 id="lessons-list" className="sr-only">
        {t('center.lessons')}
      </h2>
      <QueryState
        query={query}
        error={t('center.loadError')}
        errorClassName={ERROR_BOX}
        pending={<BlockSpinner className="py-8" />}
        isEmpty={(lessons) => lessons.length === 0}
        empty={<p className="text-sm text-stone-600">{t('center.empty')}</p>}
      >
        {(lessons) => (
          <ul className="flex flex-col gap-3" aria-busy={query.isPlaceholderData}>
            {lessons.map((lesson) => (
              <LessonCard key={lesson.slug} lesson={lesson} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
