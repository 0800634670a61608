// An agent's card of the lessons the farmers they represent read: how many opened and finished each (counts only,
// those who keep their reading private left out, none shown when too few share).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LearningCountsCard } from '../../../components/learning-counts';
import { agentLearningQuery } from '../../../lib/queries/lesson-counts';

export function AgentLearning() {
  const { i18n } = useTranslation();
  const counts = useQuery(agentLearningQuery(i18n.language));
  return <LearningCountsCard namespace="agents" counts={counts} className="mb-6" />;
}
