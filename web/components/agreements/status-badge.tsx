// An agreement's status as a coloured label.
import { useTranslation } from 'react-i18next';
import type { AgreementStatus } from '../../../contract/forward-agreements-constants';
import { Badge } from '../ui/badge';

const variants = {
  proposed: 'outline',
  countered: 'outline',
  accepted: 'secondary',
  active: 'default',
  declined: 'secondary',
  withdrawn: 'secondary',
  fulfilled: 'default',
  partly_fulfilled: 'secondary',
  defaulted_by_seller: 'destructive',
  defaulted_by_buyer: 'destructive',
  disputed: 'destructive',
} as const satisfies Record<AgreementStatus, string>;

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation('agreements');
  return (
    <Badge variant={variants[status]} data-testid="agreement-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
