// A settlement's shares, one block a member: tons delivered, gross, levy, credit repaid, transport, net and the payout's
// status, with their sums at the foot; a failed transfer is retried (a new reference), a cash share is recorded
// paid with the receipt's reference.
import { useTranslation } from 'react-i18next';
import type { TGroup, TSettlement, TShare } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSettlementAction } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZCashForm } from '../forms';
import { payoutTone, SHARE_FIGURES, shareAction, shareTons, sumShares } from '../shares';
import { Figure } from './figure';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function SharesTable({ group, settlement }: { group: TGroup; settlement: TSettlement }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const sums = sumShares(settlement.shares);
  // Seven figures a member do not fit a 360 px phone as table columns: each member is a block of labelled figures.
  const figures = (values: Record<(typeof SHARE_FIGURES)[number], number>, tons: number) => (
    <dl className="grid grid-cols-3 gap-x-3 gap-y-1 sm:grid-cols-6">
      <Figure label={t('shares.tons')} value={format.tons(tons)} />
      {SHARE_FIGURES.map((figure) => (
        <Figure key={figure} label={t(`shares.${figure}`)} value={format.money(values[figure])} />
      ))}
    </dl>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('shares.title', { count: settlement.shares.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-100 text-sm">
          {settlement.shares.map((share) => (
            <li key={share.member.id} className="flex flex-col gap-2 py-3" data-testid="share-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words text-stone-900">{share.member.username}</span>
                <PayoutCell group={group} settlement={settlement} share={share} />
              </div>
              {figures(share, shareTons(share))}
            </li>
          ))}
          <li className="flex flex-col gap-2 py-3" data-testid="share-sums">
            <span className="font-semibold text-stone-900">{t('shares.sum')}</span>
            {figures(sums, sums.tons)}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function PayoutCell({ group, settlement, share }: { group: TGroup; settlement: TSettlement; share: TShare }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const act = useSettlementAction(group.id, settlement.id);
  const action = settlement.status === 'approved' ? shareAction(share.payout.status) : null;
  const member = share.member.username;
  const retry = () =>
    mutateThen(
      act,
      { kind: 'retry', memberId: share.member.id, member },
      {
        onSuccess: (result) => toast({ title: isQueued(result) ? t('shares.queued') : t('shares.retried') }),
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={payoutTone(share.payout.status)}>{t(`payout.${share.payout.status}`)}</Badge>
      {share.payout.reference ? (
        <span className="text-xs break-all text-stone-600">{share.payout.reference}</span>
      ) : null}
      {action === 'retry' ? (
        <Button size="sm" variant="secondary" disabled={act.isPending} onClick={retry}>
          {t('shares.retry')}
        </Button>
      ) : null}
      {action === 'cash' ? (
        <ActionDialog
          label={t('shares.paidCash')}
          title={t('cashForm.title', { member })}
          description={t('cashForm.description')}
        >
          {(close) => (
            <CashForm
              pending={act.isPending}
              onSubmit={(reference) =>
                mutateThen(
                  act,
                  { kind: 'cash', memberId: share.member.id, member, reference },
                  {
                    onSuccess: (result) => {
                      toast({ title: isQueued(result) ? t('shares.queued') : t('cashForm.recorded') });
                      close();
                    },
                    onError: (error) => toastError(t('common:error'), error),
                  },
                )
              }
            />
          )}
        </ActionDialog>
      ) : null}
    </div>
  );
}

function CashForm({ onSubmit, pending }: { onSubmit: (reference: string) => void; pending: boolean }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const form = useZodForm(ZCashForm, { reference: '' }, { idPrefix: 'cash-' });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ reference }) => onSubmit(reference))}
    >
      <Field id="cash-reference" label={t('cashForm.reference')} error={form.errors.reference}>
        <Input autoComplete="off" {...form.field('reference')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('cashForm.submit')} pending={pending} />
    </form>
  );
}
