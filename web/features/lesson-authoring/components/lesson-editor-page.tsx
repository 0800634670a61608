// /education/write/new and /education/write/:slug: a lesson's working copy, written and sent for review by its
// author, reviewed by another expert; with no working copy, the published lesson, from which an expert starts the
// next version. Who may do what comes with the copy (`can`); the server checks each step again.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { TLessonDraft } from '../../../../contract/lesson-authoring';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { lessonDraftQuery } from '../../../lib/queries/lesson-authoring';
import { markFirstScreen } from '../../../lib/when-idle';
import { formOf, LANGUAGES } from '../draft-form';
import { AUTHORING_NS } from '../namespaces';
import { LessonEditor } from './lesson-editor';
import { LessonPreview } from './lesson-preview';
import { ReviewForm, ReviewHistory } from './review-panel';
import { VersionsList } from './versions-list';

function BackLink() {
  const { t } = useTranslation('lesson-authoring');
  return (
    <Link
      href="/education/write"
      className="inline-flex min-h-11 items-center text-sm text-brand-800 underline"
    >
      ← {t('back')}
    </Link>
  );
}

export function NewLessonScreen() {
  const { t } = useTranslation(AUTHORING_NS);
  useEffect(markFirstScreen, []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-bold text-stone-900">{t('editor.newTitle')}</h1>
      <LessonEditor draft={null} />
    </div>
  );
}

export function EditLessonScreen() {
  const { slug = '' } = useParams<{ slug: string }>();
  return <DraftPage key={slug} slug={slug} />;
}

/** The title in the language of the page when written in it, else the other. */
const titleOf = (draft: TLessonDraft, language: string) =>
  (language === 'en' ? (draft.content.en ?? draft.content.fr) : (draft.content.fr ?? draft.content.en))
    ?.title ?? draft.slug;

export function DraftPage({ slug }: { slug: string }) {
  const { t } = useTranslation(AUTHORING_NS);
  const query = useQuery(lessonDraftQuery(slug));
  useEffect(markFirstScreen, []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <BackLink />
      <QueryState query={query} error={t('editor.loadError')}>
        {(draft) => <DraftView draft={draft} />}
      </QueryState>
    </div>
  );
}

function DraftView({ draft }: { draft: TLessonDraft }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  const title = titleOf(draft, i18n.language);
  return (
    <div className="flex flex-col gap-5" data-testid="lesson-draft">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-stone-900">
          {t(draft.can.edit ? 'editor.editTitle' : 'editor.readTitle', { title })}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge data-testid="lesson-draft-state">{t(`states.${draft.state}`)}</Badge>
          {draft.author ? <span>{t('editor.author', { name: draft.author.name })}</span> : null}
          {draft.version > 0 ? <span>{t('versions.current', { version: draft.version })}</span> : null}
        </p>
      </div>
      <ReviewHistory reviews={draft.reviews} />
      {draft.state === 'in_review' ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800">
          {t('editor.waiting')}
        </p>
      ) : null}
      {draft.can.edit ? (
        // A new answer of the server (saved, sent back) starts the form again from what it holds.
        <LessonEditor key={`${draft.state}-${draft.updatedAt}`} draft={draft} />
      ) : (
        <ReadOnly draft={draft} />
      )}
      {/* Read first, then decide. */}
      {draft.can.review ? <ReviewForm slug={draft.slug} /> : null}
      {draft.version > 0 ? <VersionsList slug={draft.slug} /> : null}
    </div>
  );
}

/** A lesson the caller may not change now (in review, or another's): each language as readers will see it. */
function ReadOnly({ draft }: { draft: TLessonDraft }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  const form = formOf(draft.content);
  // The reader's own language first.
  const languages = [
    ...LANGUAGES.filter((language) => language === i18n.language),
    ...LANGUAGES.filter((language) => language !== i18n.language),
  ];
  return (
    <section className="flex flex-col gap-4">
      {draft.state !== 'in_review' ? <p className="text-sm text-stone-700">{t('editor.readOnly')}</p> : null}
      {languages.map((language) => {
        const text = form[language];
        return text ? (
          <div key={language} className="rounded-md border border-stone-200 p-3">
            <h2 className="mb-2 text-sm font-semibold text-stone-600">{t(`editor.tabs.${language}`)}</h2>
            <LessonPreview text={text} language={language} />
          </div>
        ) : null;
      })}
      <div>
        <h2 className="text-sm font-semibold text-stone-600">{t('editor.sources')}</h2>
        <ul className="list-disc pl-5 text-sm text-stone-800">
          {draft.content.sources.map((source) => (
            <li key={`${source.publisher}-${source.title}`}>
              {source.year === null
                ? t('lessons:lesson.source', { publisher: source.publisher, title: source.title })
                : t('lessons:lesson.sourceYear', { ...source })}
              {source.url ? <span className="block break-all text-stone-600">{source.url}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
