// The forms of a plan's page, each in its dialog: an input bought (booked as a farm expense), a harvest (its uses
// must add up to it), the plan abandoned (a reason, a note), its planting date moved, its variety or area changed. Loaded with the plan's page.
import { useTranslation } from 'react-i18next';
import {
  ABANDON_REASONS,
  HARVEST_UNITS,
  HARVEST_USES,
  INPUT_KINDS,
  ZAbandonInput,
  ZCropPlanUpdate,
} from '../../../../contract/crop-plans';
import { GRADES } from '../../../../contract/marketplace-constants';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatNumber, localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { type PlanRef, useAbandonPlan, useAddHarvest, useAddInput, useUpdatePlan } from '../api/write-plans';
import { ZHarvestForm, ZInputForm, ZPlanChangeForm } from '../forms';

/** Runs a dialog's write: says it worked (unless it waits on this phone, which the outbox says), then closes. */
function submitThen<V, R>(
  mutation: { mutateAsync: (v: V) => Promise<R> },
  values: V,
  texts: { done: string; failed: string },
  onDone: () => void,
) {
  mutateThen(mutation, values, {
    onSuccess: (result) => {
      if (!isQueued(result)) {
        toast({ title: texts.done });
      }
      onDone();
    },
    onError: (error) => toastError(texts.failed, error),
  });
}

export function InputForm({ plan, onDone }: { plan: PlanRef; onDone: () => void }) {
  const { t } = useTranslation('crops');
  const add = useAddInput(plan);
  const form = useZodForm(
    ZInputForm,
    { kind: 'seed', name: '', quantity: '', unit: '', cost: '', date: localDay() },
    { idPrefix: 'input-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((values) =>
        submitThen(add, values, { done: t('inputs.saved'), failed: t('inputs.failed') }, onDone),
      )}
    >
      <Field id="input-kind" label={t('inputs.kind')} error={errors.kind}>
        <Select {...form.field('kind')}>
          {INPUT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`inputs.kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="input-name" label={t('inputs.name')} error={errors.name}>
        <Input placeholder={t('inputs.namePlaceholder')} {...form.field('name')} />
      </Field>
      <Field id="input-quantity" label={t('inputs.quantity')} error={errors.quantity}>
        <Input inputMode="decimal" {...form.field('quantity')} />
      </Field>
      <Field id="input-unit" label={t('inputs.unit')} error={errors.unit}>
        <Input placeholder={t('inputs.unitPlaceholder')} {...form.field('unit')} />
      </Field>
      <Field id="input-cost" label={t('inputs.cost')} error={errors.cost}>
        <MoneyInput {...form.field('cost')} />
      </Field>
      <Field id="input-date" label={t('inputs.date')} error={errors.date}>
        <Input type="date" {...form.field('date')} />
      </Field>
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('inputs.save')}
        pending={add.isPending}
        className="flex justify-end gap-2 sm:col-span-2"
      />
    </form>
  );
}

export function HarvestForm({ plan, onDone }: { plan: PlanRef; onDone: () => void }) {
  const { t } = useTranslation('crops');
  const add = useAddHarvest(plan);
  const form = useZodForm(
    ZHarvestForm,
    {
      date: localDay(),
      quantity: '',
      unit: 'bag100',
      grade: '',
      moisture: '',
      final: 'no',
      sold: '',
      home: '',
      feed: '',
      stored: '',
      lost: '',
    },
    { idPrefix: 'harvest-' },
  );
  const { errors, values } = form;
  return (
    <form
      noValidate
      className="grid grid-cols-2 gap-4"
      onSubmit={form.handleSubmit((input) =>
        submitThen(add, input, { done: t('harvests.saved'), failed: t('harvests.failed') }, onDone),
      )}
    >
      <Field id="harvest-quantity" label={t('harvests.quantity')} error={errors.quantity}>
        <Input inputMode="decimal" {...form.field('quantity')} />
      </Field>
      <Field id="harvest-unit" label={t('harvests.unit')} error={errors.unit}>
        <Select {...form.field('unit')}>
          {HARVEST_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`unitNames.${unit}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="harvest-date" label={t('harvests.date')} error={errors.date}>
        <Input type="date" {...form.field('date')} />
      </Field>
      <Field id="harvest-grade" label={t('harvests.grade')} error={errors.grade}>
        <Select {...form.field('grade')}>
          <option value="">{t('harvests.noGrade')}</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {t('harvests.gradeValue', { grade })}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="harvest-moisture" label={t('harvests.moisture')} error={errors.moisture}>
        <Input inputMode="decimal" {...form.field('moisture')} />
      </Field>
      <label className="col-span-2 flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={values.final === 'yes'}
          onChange={(event) => form.setValue('final', event.target.checked ? 'yes' : 'no')}
        />
        {t('harvests.final')}
      </label>
      <fieldset className="col-span-2 grid grid-cols-2 gap-3 rounded-md border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">{t('harvests.usesTitle')}</legend>
        <p className="col-span-2 text-xs text-stone-600">{t('harvests.usesHint')}</p>
        {HARVEST_USES.map((use) => (
          <Field key={use} id={`harvest-${use}`} label={t(`harvests.uses.${use}`)} error={errors[use]}>
            <Input inputMode="decimal" {...form.field(use)} />
          </Field>
        ))}
      </fieldset>
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('harvests.save')}
        pending={add.isPending}
        className="col-span-2 flex justify-end gap-2"
      />
    </form>
  );
}

export function AbandonForm({ plan, onDone }: { plan: PlanRef; onDone: () => void }) {
  const { t } = useTranslation('crops');
  const abandon = useAbandonPlan(plan);
  const form = useZodForm(ZAbandonInput, { reason: 'drought', note: '' }, { idPrefix: 'abandon-' });
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) =>
        submitThen(abandon, values, { done: t('abandon.done'), failed: t('abandon.failed') }, onDone),
      )}
    >
      <Field id="abandon-reason" label={t('abandon.reason')} error={errors.reason}>
        <Select {...form.field('reason')}>
          {ABANDON_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`abandon.reasons.${reason}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="abandon-note" label={t('abandon.note')} error={errors.note}>
        <Textarea rows={3} {...form.field('note')} />
      </Field>
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('abandon.confirm')}
        pending={abandon.isPending}
        variant="destructive"
      />
    </form>
  );
}

export function MoveForm({
  plan,
  plantingDate,
  onDone,
}: {
  plan: PlanRef;
  plantingDate: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('crops');
  const update = useUpdatePlan(plan);
  const form = useZodForm(
    ZCropPlanUpdate.pick({ plantingDate: true }),
    { plantingDate: plantingDate.slice(0, 10) },
    { idPrefix: 'move-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) =>
        submitThen(update, values, { done: t('move.done'), failed: t('move.failed') }, onDone),
      )}
    >
      <Field id="move-plantingDate" label={t('move.date')} error={errors.plantingDate}>
        <Input type="date" {...form.field('plantingDate')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('move.save')} pending={update.isPending} />
    </form>
  );
}

export function ChangeForm({
  plan,
  variety,
  area,
  onDone,
}: {
  plan: PlanRef;
  variety: string | null;
  area: number;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('crops');
  const update = useUpdatePlan(plan);
  const form = useZodForm(
    ZPlanChangeForm,
    { variety: variety ?? '', area: formatNumber(area, i18n.language) },
    { idPrefix: 'change-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) =>
        submitThen(update, values, { done: t('change.done'), failed: t('change.failed') }, onDone),
      )}
    >
      <Field id="change-variety" label={t('change.variety')} error={errors.variety}>
        <Input {...form.field('variety')} />
      </Field>
      <Field id="change-area" label={t('change.area')} error={errors.area}>
        <Input inputMode="decimal" {...form.field('area')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('change.save')} pending={update.isPending} />
    </form>
  );
}
