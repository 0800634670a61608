// Counts of lessons read among a co-operative's members or an agent's farmers, never who: how many share their
// reading and how many keep it private, then one row a lesson (its title a link to it, how many opened and finished
// it); or why no counts are shown. Each screen says it in its own words (its catalogue's `learning.*`).
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TLearningCounts } from '../../contract/lesson-counts';
import { LEARNING_COUNTS_MIN_SHARING } from '../../contract/lesson-counts-constants';
import { formatNumber } from '../lib/format';
import { BlockSpinner, ERROR_SMALL, QueryState } from './query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { FIGURE_CELL, FIGURE_ROW, FigureTable } from './ui/figure-table';

type LearningKey =
  | 'sharing'
  | 'private'
  | 'withheld'
  | 'empty'
  | 'caption'
  | 'lesson'
  | 'opened'
  | 'finished';

type SayLearning = (key: LearningKey, options?: Record<string, string | number>) => string;

function LearningCounts({ counts, say }: { counts: TLearningCounts; say: SayLearning }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const number = (count: number) => ({ count, shown: formatNumber(count, language) });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700" data-testid="learning-summary">
        {say('sharing', number(counts.members))}
        {counts.private > 0 ? ` · ${say('private', number(counts.private))}` : null}
      </p>
      {counts.withheld ? (
        <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-700" data-testid="learning-withheld">
          {say('withheld', { count: LEARNING_COUNTS_MIN_SHARING })}
        </p>
      ) : counts.data.length === 0 ? (
        <p className="text-sm text-stone-600">{say('empty')}</p>
      ) : (
        <FigureTable
          caption={say('caption')}
          columns={[
            { label: say('lesson') },
            { label: say('opened'), alignRight: true },
            { label: say('finished'), alignRight: true },
          ]}
          className="text-sm [&_td]:px-1.5 [&_th]:px-1.5"
          headClassName="text-xs text-stone-700 sm:text-sm"
        >
          {counts.data.map((row) => (
            <tr key={row.slug} className={FIGURE_ROW} data-testid="learning-count">
              <td>
                <Link
                  href={`/education/${row.slug}`}
                  className="inline-flex min-h-11 items-center text-brand-800 underline"
                >
                  {row.title}
                </Link>
              </td>
              <td className={FIGURE_CELL}>{formatNumber(row.opened, language)}</td>
              <td className={FIGURE_CELL}>{formatNumber(row.finished, language)}</td>
            </tr>
          ))}
        </FigureTable>
      )}
    </div>
  );
}

/**
 * The card a screen shows the counts in, worded from its own catalogue (`namespace`: `learning.title`,
 * `learning.description`, `learning.loadError` and the keys above); `counts` is the screen's query of them.
 */
export function LearningCountsCard({
  namespace,
  counts,
  className,
}: {
  namespace: string;
  counts: UseQueryResult<TLearningCounts>;
  className?: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{t('learning.title')}</CardTitle>
        <CardDescription>{t('learning.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={counts}
          pending={<BlockSpinner className="py-6" />}
          error={(message) => t('learning.loadError', { message })}
          errorClassName={ERROR_SMALL}
        >
          {(data) => <LearningCounts counts={data} say={(key, values) => t(`learning.${key}`, values)} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
