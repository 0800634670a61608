// The field survey form: date, growth stage, irrigation applied, one pest sighting and notes.

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateSurvey } from '../api/create-survey';

const today = () => localDay();

// The validator (zod and the contract's schema) loads when the form is first used, not with the screen.
const loadSurveyForm = () => import('../../../../contract/farm-data').then((m) => m.ZSurveyForm);

export function SurveyForm({ farmId }: { farmId: number }) {
  const { t } = useTranslation('farms');
  const create = useCreateSurvey(farmId);
  const defaults = {
    date: today(),
    growthStage: '',
    irrigationMm: '',
    pestName: '',
    pestSeverity: '1',
    notes: '',
  };
  const form = useZodForm(loadSurveyForm, defaults, { idPrefix: 'survey-' });
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid gap-3 border-t border-stone-100 pt-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((values) =>
        mutateThen(
          create,
          {
            date: values.date,
            growthStage: values.growthStage || null,
            irrigationMm: values.irrigationMm,
            pests: values.pestName ? [{ name: values.pestName, severity: Number(values.pestSeverity) }] : [],
            notes: values.notes || null,
          },
          {
            onSuccess: (result) => {
              form.reset();
              if (!isQueued(result)) {
                toast({ title: t('common:success'), description: t('survey.saved') });
              }
            },
            onError: (error) => toastError(t('common:error'), error),
          },
        ),
      )}
    >
      <h3 className="text-sm font-semibold text-stone-900 sm:col-span-2">{t('survey.title')}</h3>
      <Field id="survey-date" label={t('survey.date')} error={errors.date}>
        <Input type="date" {...form.field('date')} />
      </Field>
      <Field id="survey-growthStage" label={t('survey.growthStage')} error={errors.growthStage}>
        <Input placeholder={t('survey.growthStagePlaceholder')} {...form.field('growthStage')} />
      </Field>
      <Field id="survey-irrigationMm" label={t('survey.irrigation')} error={errors.irrigationMm}>
        <Input inputMode="decimal" {...form.field('irrigationMm')} />
      </Field>
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <Field id="survey-pestName" label={t('survey.pest')} error={errors.pestName}>
          <Input placeholder={t('survey.pestPlaceholder')} {...form.field('pestName')} />
        </Field>
        <Field id="survey-pestSeverity" label={t('survey.severity')} error={errors.pestSeverity}>
          <Select {...form.field('pestSeverity')}>
            {['0', '1', '2', '3'].map((level) => (
              <option key={level} value={level}>
                {t(`survey.severityLevel.${level}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="survey-notes" label={t('survey.notes')} error={errors.notes}>
          <Textarea {...form.field('notes')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {t('survey.submit')}
        </Button>
      </div>
    </form>
  );
}
