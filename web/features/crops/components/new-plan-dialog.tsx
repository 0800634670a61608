// "New plan" in three steps: the plot; the crop, variety, area, planting date and an optional target; then the
// plan the server made, reviewed: its calendar (stages, harvest window, first tasks) and the yield to expect.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCropPlan, TPlot } from '../../../../contract/crop-plans';
import { CROP_KEYS } from '../../../../contract/crops-constants';
import { EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { localDay, toDecimalInput } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { taskName } from '../../../lib/queries/tasks';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreatePlan } from '../api/write-plans';
import { ZPlanForm } from '../forms';
import { PlanStages } from './plan-stages';
import { useCropFormat } from './use-crop-format';
import { ExpectedYield } from './yield-card';

type Step = 'plot' | 'crop' | 'review';
const STEPS: Step[] = ['plot', 'crop', 'review'];

export function NewPlanDialog({
  farmId,
  plots,
  onClose,
}: {
  farmId: number;
  plots: TPlot[];
  onClose: () => void;
}) {
  const { t } = useTranslation('crops');
  const open = plots.filter((plot) => !plot.archived);
  const [step, setStep] = useState<Step>('plot');
  const [plotId, setPlotId] = useState<number | null>(
    open.find((p) => p.current === null)?.id ?? open[0]?.id ?? null,
  );
  const [made, setMade] = useState<TCropPlan | null>(null);
  const plot = open.find((p) => p.id === plotId) ?? null;
  return (
    <EntityDialog
      open
      onClose={onClose}
      title={t('newPlan.title')}
      description={`${t('newPlan.step', { step: STEPS.indexOf(step) + 1 })} · ${t(`newPlan.steps.${step}`)}`}
      size="lg"
    >
      {step === 'plot' ? (
        <PlotStep plots={open} plotId={plotId} onPick={setPlotId} onNext={() => setStep('crop')} />
      ) : null}
      {step === 'crop' && plot ? (
        <CropStep
          farmId={farmId}
          plot={plot}
          onBack={() => setStep('plot')}
          onMade={(plan) => {
            setMade(plan);
            setStep('review');
          }}
          onQueued={onClose}
        />
      ) : null}
      {step === 'review' && made ? <ReviewStep plan={made} onClose={onClose} /> : null}
    </EntityDialog>
  );
}

function PlotStep({
  plots,
  plotId,
  onPick,
  onNext,
}: {
  plots: TPlot[];
  plotId: number | null;
  onPick: (id: number) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-stone-800">{t('newPlan.choosePlot')}</legend>
      {plots.map((plot) => (
        <label
          key={plot.id}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3',
            plot.id === plotId ? 'border-brand-700 bg-brand-50' : 'border-stone-300',
          )}
        >
          <input
            type="radio"
            name="plan-plot"
            value={plot.id}
            checked={plot.id === plotId}
            onChange={() => onPick(plot.id)}
            className="h-4 w-4 accent-brand-700"
          />
          <span className="flex flex-col">
            <span className="font-medium">{plot.name}</span>
            <span className="text-sm text-stone-600">
              {plot.current
                ? t('newPlan.plotBusy', { area: f.number(plot.area), crop: f.crop(plot.current.crop) })
                : t('newPlan.plotFree', { area: f.number(plot.area) })}
            </span>
          </span>
        </label>
      ))}
      <div className="flex justify-end">
        <Button disabled={plotId === null} onClick={onNext}>
          {t('newPlan.next')}
        </Button>
      </div>
    </fieldset>
  );
}

function CropStep({
  farmId,
  plot,
  onBack,
  onMade,
  onQueued,
}: {
  farmId: number;
  plot: TPlot;
  onBack: () => void;
  onMade: (plan: TCropPlan) => void;
  onQueued: () => void;
}) {
  const { t, i18n } = useTranslation(['crops', 'agronomy']);
  const create = useCreatePlan(farmId, plot.name);
  const form = useZodForm(
    ZPlanForm,
    {
      plotId: String(plot.id),
      crop: 'maize',
      variety: '',
      area: toDecimalInput(plot.area, i18n.language),
      plantingDate: localDay(),
      targetQuantity: '',
      targetDate: '',
    },
    { idPrefix: 'plan-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((values) =>
        mutateThen(create, values, {
          onSuccess: (result) => {
            if (isQueued(result)) {
              onQueued();
              return;
            }
            toast({ title: t('newPlan.created') });
            onMade(result);
          },
          onError: (error) => toastError(t('common:error'), error),
        }),
      )}
    >
      <Field id="plan-crop" label={t('newPlan.crop')} error={errors.crop}>
        <Select {...form.field('crop')}>
          {CROP_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`agronomy:crop.${key}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="plan-variety" label={t('newPlan.variety')} error={errors.variety}>
        <Input {...form.field('variety')} />
      </Field>
      <Field id="plan-area" label={t('newPlan.area')} error={errors.area}>
        <Input inputMode="decimal" {...form.field('area')} />
      </Field>
      <Field id="plan-plantingDate" label={t('newPlan.plantingDate')} error={errors.plantingDate}>
        <Input type="date" {...form.field('plantingDate')} />
      </Field>
      <fieldset className="grid gap-4 rounded-md border border-stone-200 p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium text-stone-800">{t('newPlan.targetTitle')}</legend>
        <p className="text-xs text-stone-600 sm:col-span-2">{t('newPlan.targetHint')}</p>
        <Field id="plan-targetQuantity" label={t('newPlan.targetQuantity')} error={errors.targetQuantity}>
          <Input inputMode="decimal" {...form.field('targetQuantity')} />
        </Field>
        <Field id="plan-targetDate" label={t('newPlan.targetDate')} error={errors.targetDate}>
          <Input type="date" {...form.field('targetDate')} />
        </Field>
      </fieldset>
      <div className="flex flex-wrap justify-between gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onBack}>
          {t('newPlan.back')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t('newPlan.create')}
        </Button>
      </div>
    </form>
  );
}

function ReviewStep({ plan, onClose }: { plan: TCropPlan; onClose: () => void }) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const target = plan.target;
  return (
    <div className="flex flex-col gap-4" data-testid="plan-review">
      <p className="text-sm text-stone-700">{t('newPlan.reviewIntro')}</p>
      <PlanStages plan={plan} />
      <ExpectedYield plan={plan} />
      {target ? (
        <section className="rounded-md border border-stone-200 p-3 text-sm">
          <h3 className="font-medium">{t('newPlan.target')}</h3>
          {target.quantity !== null && target.areaNeeded !== null ? (
            <p>
              {t('newPlan.areaNeeded', {
                quantity: f.number(target.quantity, 3),
                area: f.number(target.areaNeeded),
              })}{' '}
              {target.fitsPlot === null
                ? null
                : target.fitsPlot
                  ? t('newPlan.fitsPlot')
                  : t('newPlan.doesNotFit')}
            </p>
          ) : null}
          {target.date !== null && target.plantBy !== null ? (
            <p>{t('newPlan.plantBy', { date: f.day(target.date), plantBy: f.day(target.plantBy) })}</p>
          ) : null}
        </section>
      ) : null}
      {plan.tasks.length > 0 ? (
        <section className="text-sm">
          <h3 className="font-medium">{t('plan.tasksTitle')}</h3>
          <ul className="mt-1 space-y-1">
            {plan.tasks.slice(0, 6).map((task) => (
              <li key={task.id} className="flex justify-between gap-3">
                <span>{taskName(task, t)}</span>
                <span className="whitespace-nowrap text-stone-600">{f.shortDay(task.due)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button asChild>
          <Link href={`/crops?plan=${plan.id}`} onClick={onClose}>
            {t('newPlan.openPlan')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
