// A link's status as a badge: pending (waiting for the farmer), active, declined.
import { useTranslation } from 'react-i18next';
import type { TAgentLink } from '../../../../contract/agents';
import { Badge } from '../../../components/ui/badge';

const VARIANTS = { pending: 'outline', active: 'default', declined: 'destructive' } as const;

export function LinkStatusBadge({ status }: { status: TAgentLink['status'] }) {
  const { t } = useTranslation('agents');
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
