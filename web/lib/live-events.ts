// Which cached queries each live event makes stale (query keys start with their module's name).
import type { TLiveEvent } from '../../contract/events';

export const EVENT_QUERY_ROOTS: Record<TLiveEvent['type'], string[]> = {
  user: ['users', 'dashboard'],
  commodity: ['commodities', 'market', 'dashboard'],
  bid: ['bids', 'market', 'commodities', 'dashboard'],
  market: ['market'],
  trade: ['market', 'commodities', 'bids', 'dashboard', 'profile', 'farms'],
  commodity_request: ['commodity-requests'],
  post: ['posts'],
  comment: ['posts'],
  reaction: ['posts'],
  connection: ['connections'],
  farm: ['farms', 'dashboard'],
  sensor_data: ['farms'],
  analytics: ['farms'],
  transaction: ['farms'],
  sale: ['farms'],
  report: ['farms'],
  achievement: ['profile'],
};
