// A new plot (name, hectares): in its dialog, or inline where a farm has none yet (the empty state that teaches).
import { useTranslation } from 'react-i18next';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreatePlot } from '../api/write-plans';
import { ZPlotForm } from '../forms';

export function PlotForm({
  farmId,
  onDone,
  inDialog,
}: {
  farmId: number;
  onDone: () => void;
  /** In a dialog: its cancel and submit buttons; inline: a submit button only. */
  inDialog: boolean;
}) {
  const { t } = useTranslation('crops');
  const create = useCreatePlot(farmId);
  const form = useZodForm(ZPlotForm, { name: '', area: '' }, { idPrefix: 'plot-' });
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((values) =>
        mutateThen(create, values, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('plot.created') });
            }
            form.reset();
            onDone();
          },
          onError: (error) => toastError(t('common:error'), error),
        }),
      )}
    >
      <Field id="plot-name" label={t('plot.name')} error={errors.name}>
        <Input placeholder={t('plot.namePlaceholder')} {...form.field('name')} />
      </Field>
      <Field id="plot-area" label={t('plot.area')} error={errors.area} hint={t('plot.areaHint')}>
        <Input inputMode="decimal" {...form.field('area')} />
      </Field>
      {inDialog ? (
        <DialogFormButtons
          cancel={t('form.cancel')}
          submit={t('plot.create')}
          pending={create.isPending}
          className="flex justify-end gap-2 sm:col-span-2"
        />
      ) : (
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('plot.create')}
          </Button>
        </div>
      )}
    </form>
  );
}
