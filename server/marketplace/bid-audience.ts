// Who hears of a bid: its buyer, the listing's owner and the agents who act for the owner (never other buyers).
import { type SQL, sql } from 'drizzle-orm';
import { activeAgentIdsSql } from '../agents';
import { type Audience, userIdArray } from '../events/audience';

/** A listing's owner and the agents who act for them, as an `int[]` SQL expression. */
export function sellerSide(ownerId: number | SQL): SQL {
  return sql`(array[(${ownerId})::int] || ${activeAgentIdsSql(ownerId)})`;
}

/**
 * A bid's price and quantity are its buyer's and the listing owner's business: only they (and the agents who act
 * for the owner) hear of it.
 */
export function bidParties(bidsOf: readonly { buyerId: number; ownerId: number | SQL }[]): Audience {
  const parties = userIdArray(bidsOf.flatMap((b) => [b.buyerId, b.ownerId]));
  const owners = [...new Set(bidsOf.map((b) => b.ownerId))];
  return {
    userIdsSql: sql`(${sql.join([parties, ...owners.map((owner) => activeAgentIdsSql(owner))], sql` || `)})`,
  };
}
