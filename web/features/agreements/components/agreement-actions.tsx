// The buttons the reader has on an agreement now (see agreement-rules): answer it, withdraw it, pay the deposit,
// deliver, dispute how it ended, or (a manager) resolve a dispute. Each opens its own small form.
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { ActionDialog } from '../../../components/entity-dialog';
import { Card, CardContent } from '../../../components/ui/card';
import type { AgreementAction } from '../agreement-rules';
import { AcceptForm, CounterForm, DeclineForm, WithdrawForm } from './decision-forms';
import { DeliverForm } from './deliver-form';
import { DepositPanel } from './deposit-panel';
import { DisputeForm, ResolveForm } from './dispute-forms';

/** The actions drawn as a button opening a form, in the order they are offered. */
const DIALOGS = ['accept', 'counter', 'decline', 'withdraw', 'deliver', 'dispute', 'resolve'] as const;
type DialogAction = (typeof DIALOGS)[number];

function ActionForm({
  action,
  agreement,
  close,
}: {
  action: DialogAction;
  agreement: TForwardAgreement;
  close: () => void;
}) {
  switch (action) {
    case 'accept':
      return <AcceptForm agreement={agreement} onDone={close} />;
    case 'counter':
      return <CounterForm agreement={agreement} onDone={close} />;
    case 'decline':
      return <DeclineForm agreement={agreement} onDone={close} />;
    case 'withdraw':
      return <WithdrawForm agreement={agreement} onDone={close} />;
    case 'deliver':
      return <DeliverForm agreement={agreement} onDone={close} />;
    case 'dispute':
      return <DisputeForm agreement={agreement} onDone={close} />;
    default:
      return <ResolveForm agreement={agreement} onDone={close} />;
  }
}

export function AgreementActions({
  agreement,
  actions,
}: {
  agreement: TForwardAgreement;
  actions: readonly AgreementAction[];
}) {
  const { t } = useTranslation('agreements');
  const shown = DIALOGS.filter((action) => actions.includes(action));
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-4" data-testid="agreement-actions">
        {agreement.turn !== null && shown.includes('accept') ? (
          <p className="text-sm font-medium text-amber-800">{t('list.yourTurn')}</p>
        ) : null}
        {actions.includes('payDeposit') ? <DepositPanel agreement={agreement} /> : null}
        {shown.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {shown.map((action) => (
              <ActionDialog
                key={action}
                variant={action === 'accept' || action === 'deliver' ? 'primary' : 'secondary'}
                label={t(`actions.${action}`)}
                title={t(`actions.${action}Title`, { number: agreement.id })}
                size={action === 'counter' ? 'lg' : 'md'}
              >
                {(close) => <ActionForm action={action} agreement={agreement} close={close} />}
              </ActionDialog>
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
