// The marketplace screen: market summary, the seller's bids received or the buyer's bids, price trends, requests,
// the list. Links at the top reach the role's own sections without scrolling past the market on a phone.
// The title shows at once. Answers arrive one by one, each would re-render every section and block a slow phone:
// sections are memoised, and the first data is drawn as a deferred (interruptible) render: the market summary
// first, the sections below it in a second pass, so that no single commit (and layout) holds the whole page.
import { Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { TBidDetail, TCommodity } from '../../../../contract/marketplace';
import { chosenFarmer } from '../../../components/farmer-filter';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useRepresentedFarmers } from '../../../lib/queries/agent-links';
import { useUser } from '../../../lib/session';
import { NONE, useDeferredFirst } from '../../../lib/use-deferred-first';
import { onFirstInteraction } from '../../../lib/when-idle';
import { useMyBids, usePendingBids } from '../api/get-bids';
import { useCommodities } from '../api/get-commodities';
import { useCommodityRequests } from '../api/get-commodity-requests';
import { useMarketSummary } from '../api/get-market-summary';
import { useWaitingBids } from '../hooks/use-waiting-bids';
import { BidsReceived } from './bids-received';
import { CommodityList } from './commodity-list';
import {
  AcceptBidDialog,
  AddCommodityDialog,
  dialogLoaders,
  EditCommodityDialog,
  PlaceBidDialog,
  RequestCommodityDialog,
  WithdrawBidDialog,
  WithdrawListingDialog,
} from './lazy-dialogs';
import { EMPTY_DRAFT, type ListingDraft } from './listing-draft';
import { ActiveBids, MarketSummary } from './market-summary';
import { MyBids } from './my-bids';
import { OpenRequests } from './open-requests';
import { PriceAlerts } from './price-alerts';
import { PriceTrends } from './price-trends';
import { SectionLinks } from './section-links';

export function MarketplacePage() {
  const { t } = useTranslation('marketplace');
  const user = useUser().data;
  const isBuyer = user?.role === 'buyer';
  const isFarmer = user?.role === 'farmer';
  const isAgent = user?.role === 'agent';
  // Farmers sell their own listings; agents those of the farmers they represent.
  const isSeller = isFarmer || isAgent;
  const summary = useMarketSummary();
  const commodities = useCommodities();
  const farmers = useRepresentedFarmers(isAgent);
  // An agent reads the bids on one represented farmer's listings, or on all of them.
  const [bidsFarmerChoice, setBidsFarmerChoice] = useState('');
  const bidsFarmer = chosenFarmer(bidsFarmerChoice, farmers.data);
  const received = usePendingBids(isSeller, bidsFarmer);
  const mine = useMyBids(isBuyer);
  const requests = useCommodityRequests();
  const markets = useDeferredFirst(summary.data);
  const listings = useDeferredFirst(commodities.data);
  const bids = useDeferredFirst(received.data);
  const myBids = useDeferredFirst(mine.data);
  const openRequests = useDeferredFirst(requests.data);
  const waitingBids = useWaitingBids(isBuyer && user ? user.id : null);
  const [draft, setDraft] = useState<ListingDraft | null>(null);
  const [bidOn, setBidOn] = useState<TCommodity | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [editing, setEditing] = useState<TCommodity | null>(null);
  const [withdrawing, setWithdrawing] = useState<TCommodity | null>(null);
  const [accepting, setAccepting] = useState<TBidDetail | null>(null);
  const [withdrawingBid, setWithdrawingBid] = useState<TBidDetail | null>(null);
  const role = user?.role;
  const userId = user?.id;
  const managed = useMemo(
    () => new Set(userId === undefined ? [] : [userId, ...(farmers.data ?? []).map((f) => f.id)]),
    [userId, farmers.data],
  );
  useListForFarmer(isAgent, setDraft);
  useListFromLot(isSeller, setDraft);
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
    (!isSeller || bids !== undefined || received.isError) &&
    (!isBuyer || myBids !== undefined || mine.isError) &&
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
          isSeller ? (
            <Button onClick={() => setDraft(EMPTY_DRAFT)}>
              {isAgent ? t('add.openForFarmer') : t('add.open')}
            </Button>
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
      {/* With the summary, not after it: drawn later, the links would push the summary down (a layout shift). */}
      {waiting ? null : (
        <SectionLinks
          received={isSeller ? (bids ?? NONE).length : undefined}
          pendingBids={isBuyer ? (myBids ?? NONE).filter((b) => b.status === 'pending').length : undefined}
          drawn={below}
        />
      )}
      {waiting ? (
        <PageSpinner />
      ) : (
        <>
          <MarketSummary items={markets ?? NONE} isBuyer={isBuyer} />
          {below ? (
            <>
              {isSeller ? (
                <BidsReceived
                  bids={bids ?? NONE}
                  onAccept={setAccepting}
                  farmers={isAgent ? farmers.data : undefined}
                  farmer={bidsFarmer}
                  onFarmer={setBidsFarmerChoice}
                />
              ) : null}
              {isBuyer ? (
                <MyBids bids={myBids ?? NONE} waiting={waitingBids} onWithdraw={setWithdrawingBid} />
              ) : null}
              {markets && markets.length > 0 ? <PriceTrends markets={markets} /> : null}
              <PriceAlerts />
              {isBuyer ? <ActiveBids items={markets ?? NONE} waiting={waitingBids} /> : null}
              {(isFarmer || isBuyer) && openRequests ? (
                <OpenRequests
                  requests={openRequests}
                  mode={isFarmer ? 'farmer' : 'buyer'}
                  onList={setDraft}
                />
              ) : null}
              <CommodityList
                items={listings ?? NONE}
                userId={user.id}
                isBuyer={isBuyer}
                managed={managed}
                onBid={setBidOn}
                onEdit={setEditing}
                onWithdraw={setWithdrawing}
              />
            </>
          ) : null}
        </>
      )}
      <Suspense fallback={null}>
        {isSeller && draft ? (
          <AddCommodityDialog draft={draft} asAgent={isAgent} onClose={() => setDraft(null)} />
        ) : null}
        {editing ? <EditCommodityDialog commodity={editing} onClose={() => setEditing(null)} /> : null}
        {withdrawing ? (
          <WithdrawListingDialog commodity={withdrawing} onClose={() => setWithdrawing(null)} />
        ) : null}
        {accepting ? <AcceptBidDialog bid={accepting} onClose={() => setAccepting(null)} /> : null}
        {bidOn ? <PlaceBidDialog commodity={bidOn} onClose={() => setBidOn(null)} /> : null}
        {withdrawingBid ? (
          <WithdrawBidDialog bid={withdrawingBid} onClose={() => setWithdrawingBid(null)} />
        ) : null}
        {isBuyer && requesting ? <RequestCommodityDialog onClose={() => setRequesting(false)} /> : null}
      </Suspense>
    </div>
  );
}

/** `?listFor=<farmer id>` (the agent screen's link): an agent lands with the listing form open for that farmer. */
function useListForFarmer(isAgent: boolean, open: (draft: ListingDraft) => void) {
  const search = useSearch();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const farmerId = Number(params.get('listFor'));
    // With a lot too, the lot's own opening names the farmer.
    if (isAgent && !params.has('listLot') && Number.isSafeInteger(farmerId) && farmerId > 0) {
      open({ ...EMPTY_DRAFT, farmerId });
    }
  }, [isAgent, search, open]);
}

/**
 * `?listLot=<lot id>[&listFor=<its owner>]` (the stock screen's "List this lot"): the listing form opens with that
 * lot chosen (and, for an agent, its farmer).
 */
function useListFromLot(isSeller: boolean, open: (draft: ListingDraft) => void) {
  const search = useSearch();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const lotId = Number(params.get('listLot'));
    // An agent's lot is a represented farmer's: the form opens for them (`listFor`).
    const farmerId = Number(params.get('listFor'));
    if (isSeller && Number.isSafeInteger(lotId) && lotId > 0) {
      open({
        ...EMPTY_DRAFT,
        lotId,
        ...(Number.isSafeInteger(farmerId) && farmerId > 0 ? { farmerId } : {}),
      });
    }
  }, [isSeller, search, open]);
}

/** One empty list for every 'no data', so memoised sections see the same value. */
