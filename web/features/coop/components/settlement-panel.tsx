// One settlement under review: what the buyers paid, the price per grade, the totals and each member's share; a
// draft is approved (after a confirmation naming what will be paid and to how many members), which pays every share;
// the shares download as CSV. The columns' sums are checked against the stated totals, so a lost franc shows.
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup, TSettlement } from '../../../../contract/groups';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { activeMembersQuery, settlementQuery, sharesCsvUrl } from '../../../lib/queries/coop';
import { toast, toastError } from '../../../lib/toast-store';
import { useSettlementAction } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { mismatchedTotals, payoutMethods, SHARE_FIGURES, toPay } from '../shares';
import { Figure } from './figure';
import { COOP_FORM_NAMESPACES } from './namespaces';
import { SharesTable } from './shares-table';

export function SettlementPanel({ group, settlementId }: { group: TGroup; settlementId: number }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const settlement = useQuery(settlementQuery(group.id, settlementId));
  if (!settlement.isSuccess) {
    return <QueryState query={settlement} error={t('settlements.loadError')} />;
  }
  return <SettlementDetail group={group} settlement={settlement.data} />;
}

function SettlementDetail({ group, settlement }: { group: TGroup; settlement: TSettlement }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const mismatched = mismatchedTotals(settlement);
  return (
    <div className="flex flex-col gap-4" data-testid="settlement-panel">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t('settlements.number', { number: settlement.id, date: format.day(settlement.createdAt) })}
              <Badge variant={settlement.status === 'approved' ? 'default' : 'outline'}>
                {t(`settlements.status.${settlement.status}`)}
              </Badge>
            </CardTitle>
            <CardDescription>
              {[
                settlement.orders.length > 0
                  ? t('settlement.orders', { orders: settlement.orders.map((id) => `#${id}`).join(', ') })
                  : null,
                settlement.approvedBy && settlement.approvedAt
                  ? t('settlement.approvedBy', {
                      name: settlement.approvedBy.username,
                      date: format.day(settlement.approvedAt),
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm">
              <a href={sharesCsvUrl(group.id, settlement.id)} download>
                <Download aria-hidden className="h-4 w-4" />
                {t('settlement.csv')}
              </a>
            </Button>
            {settlement.status === 'draft' ? <ApproveButton group={group} settlement={settlement} /> : null}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            <Figure label={t('settlement.proceeds')} value={format.money(settlement.proceeds)} />
            <Figure
              label={t('settlement.levyPercent')}
              value={`${format.number(settlement.levyPercent)} %`}
            />
            <Figure
              label={t('settlement.transportPerTon')}
              value={format.money(settlement.transportPerTon)}
            />
            {settlement.prices.map((p) => (
              <Figure
                key={p.grade}
                label={t('settlement.gradePrice', { grade: p.grade })}
                value={format.money(p.price)}
              />
            ))}
          </dl>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-stone-100 pt-3 sm:grid-cols-5">
            {SHARE_FIGURES.map((figure) => (
              <Figure
                key={figure}
                label={t(`shares.${figure}`)}
                value={format.money(settlement.totals[figure])}
                testId={`settlement-total-${figure}`}
              />
            ))}
          </dl>
          {mismatched.length > 0 ? (
            <p role="alert" className="text-red-700">
              {t('settlement.mismatch', { columns: mismatched.map((f) => t(`shares.${f}`)).join(', ') })}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <SharesTable group={group} settlement={settlement} />
    </div>
  );
}

/** Approval pays every share: never one tap, always with the sum and the number of members said first. */
function ApproveButton({ group, settlement }: { group: TGroup; settlement: TSettlement }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const approve = useSettlementAction(group.id, settlement.id);
  const [confirming, setConfirming] = useState(false);
  const paying = toPay(settlement.shares);
  // Admins see whether each member's number is proven: the confirmation says how many get mobile money, how many cash.
  const members = useQuery({ ...activeMembersQuery(group.id), enabled: confirming });
  const proven = new Map((members.data ?? []).map((m) => [m.user.id, m.provenNumber]));
  const methods = members.isSuccess ? payoutMethods(settlement.shares, (id) => proven.get(id) ?? null) : null;
  return (
    <>
      <Button size="sm" onClick={() => setConfirming(true)}>
        {t('settlement.approve')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settlement.approveTitle')}
        description={t('settlement.approveDescription', {
          total: format.money(paying.total),
          count: paying.members,
        })}
        confirmLabel={t('settlement.approveConfirm', { total: format.money(paying.total) })}
        cancelLabel={t('form.cancel')}
        pending={approve.isPending}
        {...(methods === null
          ? {}
          : {
              children: (
                <p className="text-sm text-stone-700" data-testid="approve-methods">
                  {t('settlement.approveMethods', { mobile: methods.mobile, cash: methods.cash })}
                </p>
              ),
            })}
        onConfirm={() =>
          mutateThen(
            approve,
            { kind: 'approve' },
            {
              onSuccess: (result) => {
                toast({ title: isQueued(result) ? t('settlement.approveQueued') : t('settlement.approved') });
                setConfirming(false);
              },
              onError: (error) => toastError(t('common:error'), error),
            },
          )
        }
      />
    </>
  );
}
