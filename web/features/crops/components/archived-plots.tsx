// The farm's archived plots, folded under the season, each brought back with one tap (the server refuses it when
// the farm has no room left for it). Loaded only where a farm has archived plots.
import { useTranslation } from 'react-i18next';
import type { TPlot } from '../../../../contract/crop-plans';
import { Button } from '../../../components/ui/button';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdatePlot } from '../api/write-plans';
import { useCropFormat } from './use-crop-format';

export function ArchivedPlots({ plots, writable }: { plots: TPlot[]; writable: boolean }) {
  const { t } = useTranslation('crops');
  return (
    <details className="mt-3 text-sm" data-testid="archived-plots">
      <summary className="cursor-pointer font-medium text-stone-700">
        {t('plotEdit.archivedList', { count: plots.length })}
      </summary>
      <ul className="mt-2 divide-y divide-stone-100">
        {plots.map((plot) => (
          <ArchivedPlot key={plot.id} plot={plot} writable={writable} />
        ))}
      </ul>
    </details>
  );
}

function ArchivedPlot({ plot, writable }: { plot: TPlot; writable: boolean }) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  const update = useUpdatePlot(plot.farmId, plot);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <span className="font-medium">{plot.name}</span>{' '}
        <span className="text-stone-600">{f.hectares(plot.area)}</span>
      </span>
      {writable ? (
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            mutateThen(
              update,
              { archived: false },
              {
                onSuccess: (result) => {
                  if (!isQueued(result)) {
                    toast({ title: t('plotEdit.broughtBack') });
                  }
                },
                onError: (error) => toastError(t('plotEdit.failed'), error),
              },
            )
          }
        >
          {t('plotEdit.bringBack')}
        </Button>
      ) : null}
    </li>
  );
}
