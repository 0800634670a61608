// A settlement's shares, one row a member: tons delivered, gross, levy, credit repaid, transport, net and the payout's
// status, with the column sums at the foot; a failed transfer is retried (a new reference), a cash share is recorded
// paid with the receipt's reference.
import { useTranslation } from 'react-i18next';
import type { TGroup, TSettlement, TShare } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { FIGURE_CELL, FIGURE_ROW, FigureTable } from '../../../components/ui/figure-table';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSettlementAction } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZCashForm } from '../forms';
import { payoutTone, SHARE_FIGURES, shareAction, shareTons, sumShares } from '../shares';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function SharesTable({ group, settlement }: { group: TGroup; settlement: TSettlement }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const sums = sumShares(settlement.shares);
  const columns = [
    { label: t('shares.member') },
    { label: t('shares.tons'), alignRight: true },
    ...SHARE_FIGURES.map((figure) => ({ label: t(`shares.${figure}`), alignRight: true })),
    { label: t('shares.payout') },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('shares.title', { count: settlement.shares.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        <FigureTable
          caption={t('shares.title', { count: settlement.shares.length })}
          columns={columns}
          className="text-sm [&_td]:px-1.5 [&_th]:px-1.5"
          headClassName="text-xs text-stone-600"
        >
          {settlement.shares.map((share) => (
            <tr key={share.member.id} className={FIGURE_ROW} data-testid="share-row">
              <td className="whitespace-nowrap">{share.member.username}</td>
              <td className={FIGURE_CELL}>{format.tons(shareTons(share))}</td>
              {SHARE_FIGURES.map((figure) => (
                <td key={figure} className={FIGURE_CELL}>
                  {format.money(share[figure])}
                </td>
              ))}
              <td>
                <PayoutCell group={group} settlement={settlement} share={share} />
              </td>
            </tr>
          ))}
          <tr className="font-semibold" data-testid="share-sums">
            <td>{t('shares.sum')}</td>
            <td className={FIGURE_CELL}>{format.tons(sums.tons)}</td>
            {SHARE_FIGURES.map((figure) => (
              <td key={figure} className={FIGURE_CELL}>
                {format.money(sums[figure])}
              </td>
            ))}
            <td />
          </tr>
        </FigureTable>
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
    <div className="flex flex-wrap items-center gap-2 whitespace-nowrap">
      <Badge variant={payoutTone(share.payout.status)}>{t(`payout.${share.payout.status}`)}</Badge>
      {share.payout.reference ? (
        <span className="text-xs text-stone-600">{share.payout.reference}</span>
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
