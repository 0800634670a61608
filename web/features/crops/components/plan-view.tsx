// A plan's page (/crops?plan=:id): its stages, tasks, inputs, harvests, money, expected yield (an estimate, with
// the harvested yield per hectare against it) and analyses; abandon it, move its planting date, change its variety
// or area, add a task to it, take a money piece off it.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCropPlanDetails } from '../../../../contract/crop-plans';
import { ActionDialog } from '../../../components/entity-dialog';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useFarms } from '../../../lib/queries/farms';
import { useUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast-store';
import { planQuery } from '../api/keys';
import { type PlanRef, useUnlinkMoney } from '../api/write-plans';
import { PlanAnalyses } from './plan-analyses';
import { AbandonForm, ChangeForm, HarvestForm, InputForm, MoveForm } from './plan-dialogs';
import { PlanStages } from './plan-stages';
import { PlanTasks } from './plan-tasks';
import { StatusBadge } from './status-badge';
import { TaskForm } from './task-form';
import { useCropFormat } from './use-crop-format';
import { ExpectedYield } from './yield-card';

export function PlanView({ planId }: { planId: number }) {
  const { t } = useTranslation('crops');
  const query = useQuery(planQuery(planId));
  const farms = useFarms();
  return (
    <>
      <Link href="/crops" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('plan.back')}
      </Link>
      <QueryState query={query} error={t('loadError')}>
        {(plan) => {
          const role = farms.data?.find((farm) => farm.id === plan.farmId)?.myRole;
          // A farm missing from the list (an agent's farmer) is checked by the server, as every write is.
          return (
            <PlanDetails
              plan={plan}
              writable={role !== 'viewer'}
              planner={role !== 'viewer' && role !== 'worker'}
            />
          );
        }}
      </QueryState>
    </>
  );
}

function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function PlanDetails({
  plan,
  writable,
  planner,
}: {
  plan: TCropPlanDetails;
  writable: boolean;
  planner: boolean;
}) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const open = plan.status === 'planned' || plan.status === 'active';
  const userId = useUser().data?.id;
  const ref: PlanRef = { id: plan.id, farmId: plan.farmId, crop: plan.crop, plotName: plan.plotName };
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('plan.title', { crop: f.crop(plan.crop), plot: plan.plotName })}
        description={[
          plan.variety,
          f.hectares(plan.area),
          `${t('plan.plantingDate')} ${f.day(plan.plantingDate)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={<StatusBadge status={plan.status} />}
      />
      {plan.abandoned ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t('plan.abandonedBecause', {
            date: f.day(plan.abandoned.at),
            reason: t(`abandon.reasons.${plan.abandoned.reason}`),
          })}
          {plan.abandoned.note ? ` (${plan.abandoned.note})` : null}
        </p>
      ) : null}
      {!open ? <p className="text-sm text-stone-600">{t('plan.closed')}</p> : null}
      {plan.recordedBy && plan.recordedBy.id !== userId ? (
        <p className="text-xs text-stone-600">{t('plan.recordedBy', { name: plan.recordedBy.username })}</p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title={t('plan.stagesTitle')}
          actions={
            open && planner ? (
              <div className="flex flex-wrap gap-2">
                <ActionDialog
                  label={t('move.button')}
                  title={t('move.title')}
                  description={t('move.description')}
                >
                  {(close) => <MoveForm plan={ref} plantingDate={plan.plantingDate} onDone={close} />}
                </ActionDialog>
                <ActionDialog
                  label={t('change.button')}
                  title={t('change.title')}
                  description={t('change.description')}
                >
                  {(close) => (
                    <ChangeForm plan={ref} variety={plan.variety} area={plan.area} onDone={close} />
                  )}
                </ActionDialog>
              </div>
            ) : null
          }
        >
          <PlanStages plan={plan} />
        </Section>
        <Section title={t('yield.title')} testId="yield-section">
          <ExpectedYield plan={plan} />
        </Section>
        <Section
          title={t('plan.tasksTitle')}
          actions={
            open && writable ? (
              <ActionDialog
                label={t('newTask.button')}
                title={t('newTask.title')}
                description={t('newTask.planDescription')}
              >
                {(close) => <TaskForm farmId={plan.farmId} planId={plan.id} onDone={close} />}
              </ActionDialog>
            ) : null
          }
        >
          <PlanTasks farmId={plan.farmId} tasks={plan.tasks} writable={writable && open} />
        </Section>
        <Section title={t('money.title')} testId="money-section">
          <Money plan={plan} planRef={ref} writable={writable} />
        </Section>
        <Section
          title={t('inputs.title')}
          actions={
            open && writable ? (
              <ActionDialog
                label={t('inputs.add')}
                title={t('inputs.add')}
                description={t('inputs.description')}
                size="lg"
              >
                {(close) => <InputForm plan={ref} onDone={close} />}
              </ActionDialog>
            ) : null
          }
        >
          <Inputs plan={plan} />
        </Section>
        <Section
          title={t('harvests.title')}
          actions={
            open && writable ? (
              <ActionDialog
                label={t('harvests.add')}
                title={t('harvests.add')}
                description={t('harvests.description')}
                size="lg"
              >
                {(close) => <HarvestForm plan={ref} onDone={close} />}
              </ActionDialog>
            ) : null
          }
        >
          <Harvests plan={plan} />
        </Section>
        <Section title={t('analyses.title')}>
          <PlanAnalyses planId={plan.id} />
        </Section>
      </div>
      {open && planner ? (
        <div>
          <ActionDialog
            label={t('abandon.button')}
            variant="destructive"
            title={t('abandon.title')}
            description={t('abandon.description')}
          >
            {(close) => <AbandonForm plan={ref} onDone={close} />}
          </ActionDialog>
        </div>
      ) : null}
    </div>
  );
}

function Money({ plan, planRef, writable }: { plan: TCropPlanDetails; planRef: PlanRef; writable: boolean }) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  const { money } = plan;
  const rows: [string, string, string][] = [
    [t('money.inputs'), f.money(money.inputs), 'money-inputs'],
    [t('money.sales'), f.money(money.sales), 'money-sales'],
    [t('money.margin'), f.money(money.margin), 'money-margin'],
    [
      t('money.costPerTon'),
      money.costPerTon === null ? t('money.noHarvestYet') : f.money(money.costPerTon),
      'money-cost-per-ton',
    ],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="divide-y divide-stone-100 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
            <dt className="text-stone-700">{label}</dt>
            <dd
              className={`font-semibold whitespace-nowrap tabular-nums ${testId === 'money-margin' && money.margin < 0 ? 'text-red-700' : ''}`}
              data-testid={testId}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-stone-600">{t('money.booksNote')}</p>
      <MoneyLinks plan={plan} planRef={planRef} writable={writable} />
    </div>
  );
}

/** The transactions and sales counted on this plan, each one taken off it with one tap. */
function MoneyLinks({
  plan,
  planRef,
  writable,
}: {
  plan: TCropPlanDetails;
  planRef: PlanRef;
  writable: boolean;
}) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  const unlink = useUnlinkMoney(planRef);
  if (plan.links.length === 0) {
    return null;
  }
  return (
    <ul className="divide-y divide-stone-100 text-sm" aria-label={t('money.piecesTitle')}>
      {plan.links.map((link) => (
        <li
          key={`${link.source}-${link.id}`}
          className="flex flex-wrap items-center justify-between gap-2 py-2"
          data-testid="money-link"
        >
          <span className="flex flex-wrap items-center gap-2">
            <span>{f.day(link.date)}</span>
            <span className="text-stone-600">{t(`money.${link.type}`)}</span>
            {link.automatic ? <Badge>{t('money.automatic')}</Badge> : null}
          </span>
          <span className="flex items-center gap-2">
            <span
              className={`font-semibold whitespace-nowrap tabular-nums ${link.type === 'expense' ? 'text-red-700' : ''}`}
            >
              {f.money(link.amount)}
            </span>
            {writable ? (
              <Button
                variant="ghost"
                disabled={unlink.isPending}
                onClick={() =>
                  mutateThen(unlink, link, {
                    onSuccess: (result) => {
                      if (!isQueued(result)) {
                        toast({ title: t('money.unlinked') });
                      }
                    },
                    onError: (error) => toastError(t('money.unlinkFailed'), error),
                  })
                }
              >
                {t('money.notThisPlan')}
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Inputs({ plan }: { plan: TCropPlanDetails }) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  if (plan.inputs.length === 0) {
    return <p className="text-sm text-stone-600">{t('inputs.empty')}</p>;
  }
  return (
    <ul className="divide-y divide-stone-100 text-sm">
      {plan.inputs.map((input) => (
        <li key={input.id} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="font-medium">{input.name}</span>
            <span className="block text-stone-600">
              {[
                t(`inputs.kinds.${input.kind}`),
                input.quantity === null
                  ? null
                  : t('inputs.quantityUnit', {
                      quantity: f.number(input.quantity),
                      unit: input.unit ?? '',
                    }).trim(),
                f.day(input.date),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
          <span className="whitespace-nowrap font-semibold tabular-nums">{f.money(input.cost)}</span>
        </li>
      ))}
    </ul>
  );
}

function Harvests({ plan }: { plan: TCropPlanDetails }) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  if (plan.harvests.length === 0) {
    return <p className="text-sm text-stone-600">{t('harvests.empty')}</p>;
  }
  return (
    <ul className="divide-y divide-stone-100 text-sm">
      {plan.harvests.map((harvest) => (
        <li key={harvest.id} className="flex flex-col gap-1 py-2" data-testid="harvest-row">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {t(`units.${harvest.entered.unit}`, {
                count: harvest.entered.quantity,
                value: f.number(harvest.entered.quantity, 3),
              })}
              {harvest.entered.unit === 't' ? null : ` (${f.tons(harvest.quantity)})`}
            </span>
            {harvest.final ? <Badge>{t('harvests.finalBadge')}</Badge> : null}
          </span>
          <span className="text-stone-600">
            {[
              f.day(harvest.date),
              harvest.grade ? t('harvests.gradeValue', { grade: harvest.grade }) : null,
              harvest.moisture === null
                ? null
                : t('harvests.moistureValue', { value: f.number(harvest.moisture, 1) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="text-xs text-stone-600">
            {Object.entries(harvest.uses)
              .filter(([, tons]) => tons > 0)
              .map(([use, tons]) => `${t(`harvests.uses.${use}`)} ${f.tons(tons)}`)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
