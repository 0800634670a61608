// A plan's status as a small label: planned, growing, harvested, abandoned.
import { useTranslation } from 'react-i18next';
import type { PlanStatus } from '../../../../contract/crop-plans';
import { Badge } from '../../../components/ui/badge';

const VARIANTS = {
  planned: 'secondary',
  active: 'default',
  harvested: 'outline',
  abandoned: 'destructive',
} as const satisfies Record<PlanStatus, string>;

export function StatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation('crops');
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
