// The stock screen's two creations, each in its dialog: a new store, and opening stock. Their forms (and the
// contract's rules with zod) load when a dialog first opens, so the list draws without them.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/entity-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { preloadable } from '../../../lib/preloadable';

const StoreForm = preloadable(() => import('./create-forms').then((m) => m.StoreForm)).Component;
const OpeningStockForm = preloadable(() =>
  import('./create-forms').then((m) => m.OpeningStockForm),
).Component;

export function StockActions({ owner }: { owner: number | null }) {
  const { t } = useTranslation('stock');
  return (
    <div className="flex flex-wrap gap-2">
      <ActionDialog
        label={t('actions.newStore')}
        title={t('storeForm.title')}
        description={t('storeForm.description')}
      >
        {(close) => (
          <Suspense fallback={<Spinner />}>
            <StoreForm onDone={close} />
          </Suspense>
        )}
      </ActionDialog>
      <ActionDialog
        label={t('actions.openingStock')}
        variant="primary"
        title={t('lotForm.title')}
        description={t('lotForm.description')}
      >
        {(close) => (
          <Suspense fallback={<Spinner />}>
            <OpeningStockForm owner={owner} onDone={close} />
          </Suspense>
        )}
      </ActionDialog>
    </div>
  );
}
