// Every published version of a lesson, newest first: when, and who reviewed it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { lessonVersionsQuery } from '../../../lib/queries/lesson-authoring';

export function VersionsList({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  const query = useQuery(lessonVersionsQuery(slug));
  return (
    <section aria-labelledby="lesson-versions" className="flex flex-col gap-2" data-testid="lesson-versions">
      <h2 id="lesson-versions" className="text-lg font-semibold text-stone-900">
        {t('versions.title')}
      </h2>
      <QueryState
        query={query}
        error={t('versions.loadError')}
        errorClassName={ERROR_SMALL}
        pending={<BlockSpinner className="py-4" />}
        isEmpty={(versions) => versions.length === 0}
        empty={<p className="text-sm text-stone-600">{t('versions.empty')}</p>}
      >
        {(versions) => (
          <ol className="flex flex-col gap-1 text-sm text-stone-800">
            {versions.map((version) => (
              <li key={version.version}>
                <span className="font-medium">
                  {t('versions.item', {
                    version: version.version,
                    date: formatDate(version.publishedAt, i18n.language),
                  })}
                </span>
                {version.reviewedBy ? ` · ${t('versions.reviewedBy', { name: version.reviewedBy })}` : null}
                <span className="block text-stone-600">{version.title}</span>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
