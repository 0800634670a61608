// What every module is built with: the database, the event bus and the configuration (the core), and the state
// one app instance holds in memory, built in `buildApp` (server/app.ts), each part dropped by the events it hears.
import type { SessionCache } from './auth/session-cache';
import type { CoreContext } from './core-context';
import type { FarmAccessCache } from './farms/farm-access-cache';
import type { FarmPagesCache } from './farms/farm-pages-cache';
import type { MarketModel } from './marketplace/market-model';
import type { FeedCache } from './network/feed-cache';
import type { InboxCache } from './notifications/inbox-cache';
import type { OutboundWorker } from './notifications/outbound-worker';
import type { OrdersCache } from './orders/orders-cache';
import type { HeldAchievements } from './users/achievements';

export interface AppContext extends CoreContext {
  /** Signed-in users by session token. */
  sessions: SessionCache;
  /** The market's facts, summary base, bid index and listing pages. */
  market: MarketModel;
  /** The feed's first pages. */
  feed: FeedCache;
  /** Each user's unread count and first notification pages. */
  inbox: InboxCache;
  /** Each user's first page of orders. */
  orders: OrdersCache;
  /** Each farm's analytics and financials answers, as sent. */
  farmPages: FarmPagesCache;
  /** Farm access the guard checked for reads, kept a few seconds. */
  farmAccess: FarmAccessCache;
  /** Achievements known to be held (never taken back). */
  achievements: HeldAchievements;
  /** Hands queued SMS and WhatsApp messages to their providers. */
  outbound: OutboundWorker;
}
