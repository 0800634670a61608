// The network overview: what the network holds now, counted (the spec's fixed 152 / 28 / 5 made real).
import { DAY_MS } from '../../contract/constants';
import { OVERVIEW_DAYS, type TNetworkOverview } from '../../contract/network';
import type { AppContext } from '../context';
import { countActiveDiscussions, countConnectedFarmers, countRecentEvents } from './overview.repo';

export async function networkOverview(ctx: AppContext, now = new Date()): Promise<TNetworkOverview> {
  const since = new Date(now.getTime() - OVERVIEW_DAYS * DAY_MS);
  const [connectedFarmers, activeDiscussions, recentEvents] = await Promise.all([
    countConnectedFarmers(ctx.db),
    countActiveDiscussions(ctx.db, since),
    countRecentEvents(ctx.db, since),
  ]);
  return { connectedFarmers, activeDiscussions, recentEvents };
}
