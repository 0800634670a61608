// The stock screen (/stock): the caller's stores with their totals and lots, or one lot (`?lot=<id>`) with its
// movements and actions. An agent first picks the farmer whose stock they keep; the server enforces the choice.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { chosenFarmer } from '../../../components/farmer-filter';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { preloadable } from '../../../lib/preloadable';
import { useRepresentedFarmers } from '../../../lib/queries/agent-links';
import { useUser } from '../../../lib/session';
import { StockActions } from './stock-actions';
import { StoreList } from './store-list';

// A lot's page (its actions' forms, and zod with them) loads when a lot is opened, not with the stores.
const LotView = preloadable(() => import('./lot-view').then((m) => m.LotView)).Component;

/** The lot a `?lot=` address opens, or null (the stores). */
export function lotFromSearch(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('lot'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function StockPage() {
  const { t } = useTranslation('stock');
  const user = useUser().data;
  const isAgent = user?.role === 'agent';
  const farmers = useRepresentedFarmers(isAgent);
  const [choice, setChoice] = useState('');
  const farmer = chosenFarmer(choice, farmers.data);
  const lotId = lotFromSearch(useSearch());
  if (!user) {
    return <PageSpinner />;
  }
  if (lotId !== null) {
    return (
      <div>
        <Link
          href="/stock"
          className="mb-4 inline-flex min-h-11 items-center text-sm text-brand-800 underline"
        >
          {t('actions.back')}
        </Link>
        <Suspense fallback={<PageSpinner />}>
          <LotView lotId={lotId} />
        </Suspense>
      </div>
    );
  }
  const ready = !isAgent || farmer !== null;
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={ready ? <StockActions owner={isAgent ? farmer : null} /> : null}
      />
      {isAgent ? (
        <div className="mb-4 flex max-w-sm flex-col gap-1">
          <label htmlFor="stock-farmer" className="text-sm font-medium text-stone-800">
            {t('agent.farmer')}
          </label>
          <Select id="stock-farmer" value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{farmers.isPending ? t('agent.loading') : t('agent.choose')}</option>
            {(farmers.data ?? []).map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.username}
              </option>
            ))}
          </Select>
          {farmers.data?.length === 0 ? <p className="text-sm text-stone-600">{t('agent.none')}</p> : null}
        </div>
      ) : null}
      {ready ? (
        <StoreList owner={isAgent ? farmer : null} />
      ) : (
        <p className="text-sm text-stone-600">{t('agent.pickFirst')}</p>
      )}
    </div>
  );
}
