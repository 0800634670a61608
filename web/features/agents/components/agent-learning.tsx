// An agent's card of the lessons the farmers they represent read: how many opened and finished each (counts only,
// those who keep their reading private left out, none shown when too few share).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LearningCounts } from '../../../components/learning-counts';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { agentLearningQuery } from '../../../lib/queries/lesson-counts';

export function AgentLearning() {
  const { t, i18n } = useTranslation('agents');
  const counts = useQuery(agentLearningQuery(i18n.language));
  return (
    <Card className="mb-6">
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
