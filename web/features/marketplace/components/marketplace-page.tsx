// The marketplace screen: market summary, price trends, the buyer's bids, farmers' bids and requests, the list.
// The title shows at once. Answers arrive one by one, each would re-render every section and block a slow phone:
// sections are memoised, and the first data is drawn as a deferred (interruptible) render: the market summary
// first, the sections below it in a second pass, so that no single commit (and layout) holds the whole page.
import { Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCommodity } from '../../../../contract/marketplace';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { useDeferredFirst } from '../../../lib/use-deferred-first';
import { onFirstInteraction } from '../../../lib/when-idle';
import { usePendingBids } from '../api/get-bids';
import { useCommodities } from '../api/get-commodities';
import { useCommodityRequests } from '../api/get-commodity-requests';
import { useMarketSummary } from '../api/get-market-summary';
import { BidsReceived } from './bids-received';
import { CommodityList } from './commodity-list';
import { AddCommodityDialog, dialogLoaders, PlaceBidDialog, RequestCommodityDialog } from './lazy-dialogs';
import { EMPTY_DRAFT, type ListingDraft } from './listing-draft';
import { ActiveBids, MarketSummary } from './market-summary';
import { OpenRequests } from './open-requests';
import { PriceTrends } from './price-trends';

export function MarketplacePage() {
  const { t } = useTranslation('marketplace');
  const user = useUser().data;
  const isBuyer = user?.role === 'buyer';
  const isFarmer = user?.role === 'farmer';
  const summary = useMarketSummary();
  const commodities = useCommodities();
  const received = usePendingBids(isFarmer);
  const requests = useCommodityRequests();
  const markets = useDeferredFirst(summary.data);
  const listings = useDeferredFirst(commodities.data);
  const bids = useDeferredFirst(received.data);
  const openRequests = useDeferredFirst(requests.data);
  const [draft, setDraft] = useState<ListingDraft | null>(null);
  const [bidOn, setBidOn] = useState<TCommodity | null>(null);
  const [requesting, setRequesting] = useState(false);
  const role = user?.role;
  useEffect(() => {
    const cancels = dialogLoaders(role).map((load) => onFirstInteraction(() => void load()));
    return () => {
      for (const cancel of cancels) {
        cancel();
      }
    };
  }, [role]);
  const waiting =
    (markets === undefined || listings === undefined) && !summary.isError && !commodities.isError;
  // The second pass waits for the role's own lists too, so that it is one render rather than one per answer.
  const roleListsSettled =
    (!isFarmer || bids !== undefined || received.isError) &&
    (!(isFarmer || isBuyer) || openRequests !== undefined || requests.isError);
  const [below, setBelow] = useState(false);
  useEffect(() => {
    if (!waiting && roleListsSettled && !below) {
      startTransition(() => setBelow(true));
    }
  }, [waiting, roleListsSettled, below]);

  if (!user) {
    return <PageSpinner />;
  }
  const error = summary.error ?? commodities.error;
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          isFarmer ? (
            <Button onClick={() => setDraft(EMPTY_DRAFT)}>{t('add.open')}</Button>
          ) : isBuyer ? (
            <Button onClick={() => setRequesting(true)}>{t('request.open')}</Button>
          ) : null
        }
      />
      {error ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {queryErrorText(error)}
        </p>
      ) : null}
      {waiting ? (
        <PageSpinner />
      ) : (
        <>
          <MarketSummary items={markets ?? NONE} isBuyer={isBuyer} />
          {below ? (
            <>
              {markets && markets.length > 0 ? <PriceTrends markets={markets} /> : null}
              {isBuyer ? <ActiveBids items={markets ?? NONE} /> : null}
              {isFarmer ? <BidsReceived bids={bids ?? NONE} /> : null}
              {(isFarmer || isBuyer) && openRequests ? (
                <OpenRequests
                  requests={openRequests}
                  mode={isFarmer ? 'farmer' : 'buyer'}
                  onList={setDraft}
                />
              ) : null}
              <CommodityList items={listings ?? NONE} userId={user.id} isBuyer={isBuyer} onBid={setBidOn} />
            </>
          ) : null}
        </>
      )}
      <Suspense fallback={null}>
        {isFarmer && draft ? <AddCommodityDialog draft={draft} onClose={() => setDraft(null)} /> : null}
        {bidOn ? <PlaceBidDialog commodity={bidOn} onClose={() => setBidOn(null)} /> : null}
        {isBuyer && requesting ? <RequestCommodityDialog onClose={() => setRequesting(false)} /> : null}
      </Suspense>
    </div>
  );
}

/** One empty list for every 'no data', so memoised sections see the same value. */
const NONE: never[] = [];
