// A plot changed from the season's row: renamed, resized or archived (it leaves the season, folded below it). The
// server refuses a plot larger than the farm has left, smaller than its plans, or archived under a growing plan.
import { useTranslation } from 'react-i18next';
import type { TPlot } from '../../../../contract/crop-plans';
import { DialogFormButtons, EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdatePlot } from '../api/write-plans';
import { ZPlotForm } from '../forms';

export function PlotEditDialog({ plot, onClose }: { plot: TPlot; onClose: () => void }) {
  const { t, i18n } = useTranslation('crops');
  const update = useUpdatePlot(plot.farmId, plot);
  const form = useZodForm(
    ZPlotForm,
    { name: plot.name, area: formatNumber(plot.area, i18n.language) },
    { idPrefix: 'plot-edit-' },
  );
  const { errors } = form;
  const send = (change: { name?: string; area?: number; archived?: boolean }, done: string) =>
    mutateThen(update, change, {
      onSuccess: (result) => {
        if (!isQueued(result)) {
          toast({ title: done });
        }
        onClose();
      },
      onError: (error) => toastError(t('plotEdit.failed'), error),
    });
  return (
    <EntityDialog
      open
      onClose={onClose}
      title={t('plotEdit.title', { name: plot.name })}
      description={t('plotEdit.description')}
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((values) => send(values, t('plotEdit.done')))}
      >
        <Field id="plot-edit-name" label={t('plot.name')} error={errors.name}>
          <Input {...form.field('name')} />
        </Field>
        <Field id="plot-edit-area" label={t('plot.area')} error={errors.area} hint={t('plot.areaHint')}>
          <Input inputMode="decimal" {...form.field('area')} />
        </Field>
        <DialogFormButtons
          cancel={t('form.cancel')}
          submit={t('plotEdit.save')}
          pending={update.isPending}
          className="flex justify-end gap-2 sm:col-span-2"
        />
      </form>
      <div className="mt-4 flex flex-col gap-2 border-t border-stone-200 pt-4">
        <p className="text-sm text-stone-600">{t('plotEdit.archiveHint')}</p>
        <div>
          <Button
            variant="destructive"
            disabled={update.isPending}
            onClick={() => send({ archived: true }, t('plotEdit.archived'))}
          >
            {t('plotEdit.archive')}
          </Button>
        </div>
      </div>
    </EntityDialog>
  );
}
