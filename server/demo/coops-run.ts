// What the co-operatives demo's steps share (coops.ts, coops-sale.ts, coops-feed.ts): who acts, and the
// co-operative being seeded.
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';

/** Everyone the demo names, by username, acting in their own language. */
export type Cast = (username: string) => SessionUser;

/** The co-operative being seeded: its group, its party on the marketplace, its store and who runs it. */
export interface CoopRun {
  ctx: AppContext;
  groupId: number;
  accountId: number;
  storeId: number;
  cast: Cast;
  today: string;
}
