// Managers name the experts who write and review lessons: those named now (each removable), and a search of the
// users' directory by name to name another.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import {
  expertCandidatesQuery,
  lessonExpertsQuery,
  useLessonExpert,
} from '../../../lib/queries/lesson-authoring';
import { toast, toastError } from '../../../lib/toast-store';
import { useDebounced } from '../../../lib/use-debounced';
import { TextControl } from './form-controls';

const SEARCH_PAUSE_MS = 300;
/** A phone shows a handful of matches; a longer name narrows them. */
const MAX_MATCHES = 5;

export function ExpertsCard() {
  const { t, i18n } = useTranslation('lesson-authoring');
  const experts = useQuery(lessonExpertsQuery());
  const expert = useLessonExpert();
  const [text, setText] = useState('');
  const search = useDebounced(text, SEARCH_PAUSE_MS).trim();
  const candidates = useQuery(expertCandidatesQuery(search));
  const named = new Set(experts.data?.map((e) => e.id));
  const change = (userId: number, name: string, on: boolean) =>
    mutateThen(
      expert,
      { userId, named: on },
      {
        onSuccess: () => {
          toast({ title: t(on ? 'experts.named' : 'experts.removed', { name }) });
          if (on) {
            setText('');
          }
        },
        onError: (error) => toastError(t('experts.failed'), error),
      },
    );
  return (
    <Card data-testid="lesson-experts">
      <CardHeader>
        <CardTitle>{t('experts.title')}</CardTitle>
        <CardDescription>{t('experts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryState
          query={experts}
          error={t('experts.loadError')}
          errorClassName={ERROR_SMALL}
          pending={<BlockSpinner className="py-2" />}
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-stone-600">{t('experts.empty')}</p>}
        >
          {(list) => (
            <ul className="flex flex-col divide-y divide-stone-200">
              {list.map((e) => (
                <li
                  key={e.id}
                  className="flex items-center justify-between gap-2 py-1"
                  data-testid="lesson-expert"
                >
                  <span className="text-sm text-stone-800">
                    <span className="font-medium">{e.name}</span>{' '}
                    <span className="text-stone-600">
                      {t('experts.since', { date: formatDate(e.namedAt, i18n.language) })}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={expert.isPending}
                    onClick={() => change(e.id, e.name, false)}
                  >
                    {t('experts.remove', { name: e.name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <TextControl
          id="expert-search"
          label={t('experts.search')}
          hint={t('experts.searchHint')}
          value={text}
          onChange={setText}
        />
        {search && candidates.isSuccess ? (
          candidates.data.length === 0 ? (
            <p className="text-sm text-stone-600">{t('experts.noMatch')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {candidates.data
                .filter((user) => !named.has(user.id) && user.role !== 'manager')
                .slice(0, MAX_MATCHES)
                .map((user) => (
                  <li key={user.id}>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={expert.isPending}
                      onClick={() => change(user.id, user.username, true)}
                    >
                      {t('experts.name', { name: user.username })}
                    </Button>
                  </li>
                ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
