// The marketplace's first data, asked for at start-up while the screen's code and texts are still loading, so a
// phone on a slow network waits for one round trip less before the market shows.
import type { QueryClient } from '@tanstack/react-query';
import { firstSessionAnswer } from '../../../lib/session';
import { price, tons } from '../format';
import { myBidsQuery, pendingBidsQuery } from './get-bids';
import { commoditiesQuery } from './get-commodities';
import { commodityRequestsQuery } from './get-commodity-requests';
import { marketSummaryQuery } from './get-market-summary';

export function prefetchMarketplace(client: QueryClient): void {
  void client.prefetchQuery(marketSummaryQuery());
  void client.prefetchQuery(commoditiesQuery());
  void client.prefetchQuery(commodityRequestsQuery());
  // Bids received (a farmer's, an agent's) and a buyer's bids: asked for once the session says who this is (not
  // after their texts load).
  void firstSessionAnswer.then((user) => {
    if (user?.role === 'farmer' || user?.role === 'agent') {
      void client.prefetchQuery(pendingBidsQuery());
    }
    if (user?.role === 'buyer') {
      void client.prefetchQuery(myBidsQuery());
    }
    if (user) {
      // The first number formatter of a language is expensive to build (≈ 25–50 ms on this machine's CPU, one call
      // that cannot be split): built in a task of its own while the catalogues load, rather than inside start-up
      // (the session is often known during start-up) or the first render.
      setTimeout(() => {
        price(0, user.language);
        tons(0, user.language);
      }, 0);
    }
  });
}
