// The seller's crop plan behind the agreement (their choice): its expected harvest against the agreed quantity,
// flagged when it falls short or was abandoned; the seller links one of their plans of the crop, or unlinks it.
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { toastError } from '../../../lib/toast-store';
import { sellerPlansQuery } from '../api/seller-plans';
import { useLinkPlan } from '../api/write-agreement';

function Linked({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const plan = agreement.plan;
  if (!plan) {
    return <p className="text-sm text-stone-600">{t('detail.noPlan')}</p>;
  }
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="agreement-plan">
      <p className="text-stone-800">
        {plan.expected === null
          ? t('detail.planNoEstimate', { number: plan.planId })
          : t('detail.planExpected', {
              number: plan.planId,
              expected: text.tons(plan.expected),
              quantity: text.tons(agreement.quantity),
            })}
      </p>
      {plan.flag ? (
        <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {t(`detail.planFlag.${plan.flag}`)}
        </p>
      ) : null}
    </div>
  );
}

function PlanPicker({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const plans = useQuery(sellerPlansQuery(agreement.seller.id, agreement.crop));
  const link = useLinkPlan(agreement.id);
  const [choice, setChoice] = useState(agreement.plan ? String(agreement.plan.planId) : '');
  const send = (planId: number | null) =>
    mutateThen(link, { planId }, { onError: (error) => toastError(t('actions.failed'), error) });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-stone-800">
        <label htmlFor={`plan-${agreement.id}`}>{t('actions.linkPlan')}</label>
        <Select
          id={`plan-${agreement.id}`}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{plans.isPending ? t('actions.plansLoading') : t('actions.choosePlan')}</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={String(plan.id)}>
              {t('actions.planOption', {
                plot: plan.plotName,
                season: plan.season,
                expected: text.tons(plan.expectedYield.total),
              })}
            </option>
          ))}
        </Select>
      </div>
      <Button disabled={choice === '' || link.isPending} onClick={() => send(Number(choice))}>
        {t('actions.linkPlanSubmit')}
      </Button>
      {agreement.plan ? (
        <Button variant="secondary" disabled={link.isPending} onClick={() => send(null)}>
          {t('actions.unlinkPlan')}
        </Button>
      ) : null}
    </div>
  );
}

export function PlanCard({ agreement, canLink }: { agreement: TForwardAgreement; canLink: boolean }) {
  const { t } = useTranslation('agreements');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.plan')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Linked agreement={agreement} />
        {canLink ? <PlanPicker agreement={agreement} /> : null}
      </CardContent>
    </Card>
  );
}
