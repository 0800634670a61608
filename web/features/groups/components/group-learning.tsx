// A co-operative's Lessons tab, for its admins: how many of its other members opened and finished each lesson (counts
// only, those who keep their reading private left out, none shown when too few share).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { LearningCounts } from '../../../components/learning-counts';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { coopLearningQuery } from '../../../lib/queries/lesson-counts';

export function GroupLearning({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation('groups');
  const counts = useQuery(coopLearningQuery(group.id, i18n.language));
  return (
    <Card>
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
          {(data) => <LearningCounts counts={data} say={(key, options) => t(`learning.${key}`, options)} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
