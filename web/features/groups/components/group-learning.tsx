// A co-operative's Lessons tab, for its admins: how many of its other members opened and finished each lesson (counts
// only, those who keep their reading private left out, none shown when too few share).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { LearningCountsCard } from '../../../components/learning-counts';
import { coopLearningQuery } from '../../../lib/queries/lesson-counts';

export function GroupLearning({ group }: { group: TGroup }) {
  const { i18n } = useTranslation();
  const counts = useQuery(coopLearningQuery(group.id, i18n.language));
  return <LearningCountsCard namespace="groups" counts={counts} />;
}
