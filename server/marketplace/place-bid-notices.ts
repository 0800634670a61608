// What the place-bid statement tells, as its named parts: the live events of the new bid, and the notifications
// written with it (the notifications module builds their SQL; the marketplace says who hears what).
import { type SQL, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import { inboxNoticeSql, notificationWritesSql } from '../notifications';
import { bidParties, sellerSide } from './bid-audience';
import type { PlacedBidColumns, StatementWrite } from './place-bid.sql';

/**
 * The NOTIFYs of a bid just placed: the bid to its parties; that the market's best bid may have moved, to everyone
 * (it is public); those it notifies (the owner and their agents, an outbid buyer) that they have a notification.
 */
export function bidPlacedEvents(ctx: AppContext, bid: { buyerId: number; commodityId: number }) {
  return (id: SQL, ownerId: SQL, outbidBuyerId: SQL): SQL =>
    sql`${ctx.bus.notifySql({ type: 'bid', id }, bidParties([{ buyerId: bid.buyerId, ownerId }]))}::text || ${ctx.bus.notifySql(
      { type: 'market', id: sql`${bid.commodityId}` },
      'public',
    )}::text || ${inboxNoticeSql(ctx, {
      userIdsSql: sql`(${sellerSide(ownerId)} || array[(${outbidBuyerId})::int])`,
    })}::text`;
}

/** Written with the bid: the listing's owner (and their agents) hear of it; a buyer it outbids is told. */
export function bidPlacedNotifications(ctx: AppContext, bid: { buyerUsername: string; priceCents: number }) {
  const price = centsToDecimal(bid.priceCents);
  return (placed: PlacedBidColumns): StatementWrite[] => [
    ...notificationWritesSql(ctx, 'recorded_received', {
      from: placed.from,
      recipients: sellerSide(placed.ownerId),
      type: 'bid_received',
      data: sql`jsonb_build_object('buyer', ${bid.buyerUsername}::text, 'commodity', ${placed.name},
        'price', ${price}::numeric, 'quantity', ${placed.quantityKg} / 1000.0)`,
      link: sql`'/marketplace#bids-received'`,
    }),
    ...notificationWritesSql(ctx, 'recorded_outbid', {
      from: placed.from,
      recipients: sql`array[(${placed.outbidBuyerId})::int]`,
      type: 'bid_outbid',
      data: sql`jsonb_build_object('commodity', ${placed.name}, 'price', ${price}::numeric)`,
      link: sql`'/marketplace#my-bids'`,
    }),
  ];
}
