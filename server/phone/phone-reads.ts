// What a phone reads of the marketplace, shared by the USSD menus and the SMS/WhatsApp commands: prices, bids and
// orders as short lines in the user's language, from the same services and presenters as the web.
import type { Language } from '../../contract/constants';
import type { TMarketSummaryItem } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import { OPEN_ORDER_STATUSES, ZOrderListQuery } from '../../contract/orders';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { bidsOfBuyer, marketModel, pendingBidsReceived, readerNames } from '../marketplace';
import { listOrdersOf, presentOrder } from '../orders';
import { marketsAsked } from './commodity-names';
import { change, money, price, say, tons, tonsText } from './phone-text';

/** Lines a phone list shows at most (SMS and WhatsApp; USSD pages its own). */
export const PHONE_LIST_MAX = 5;

/** The account a phone acts for, as the services know a signed-in user (no web session behind it). */
export function phoneActor(row: Pick<SessionUser, 'id' | 'username' | 'role' | 'language'>): SessionUser {
  return { id: row.id, username: row.username, role: row.role, language: row.language, sessionId: 0 };
}

/** The market summary as the caller sees it (their own bid set apart). */
export function marketItems(ctx: AppContext, user: SessionUser): Promise<TMarketSummaryItem[]> {
  return marketModel.of(ctx).summaryItems(user.id, user.language);
}

export function priceLine(lang: Language, item: TMarketSummaryItem): string {
  return item.currentPrice === null
    ? say(lang, 'prices.noPrice', { name: item.name, tons: price(lang, item.availableQuantity) })
    : say(lang, 'prices.line', {
        name: item.name,
        price: price(lang, item.currentPrice),
        change: change(lang, item.priceChange),
      }).trim();
}

export async function priceLines(
  ctx: AppContext,
  user: SessionUser,
  asked: string | null,
): Promise<string[]> {
  const lang = user.language;
  const items = await marketItems(ctx, user);
  const shown = (await marketsAsked(ctx, items, asked)).filter(
    (i) => i.currentPrice !== null || i.availableQuantity > 0,
  );
  if (shown.length === 0) {
    return [asked === null ? say(lang, 'prices.none') : say(lang, 'prices.notFound', { name: asked })];
  }
  return shown
    .slice(0, asked === null ? PHONE_LIST_MAX * 2 : PHONE_LIST_MAX)
    .map((item) => priceLine(lang, item));
}

export async function bidsReceivedLines(ctx: AppContext, user: SessionUser): Promise<string[]> {
  const lang = user.language;
  const [rows, catalogue] = await Promise.all([
    pendingBidsReceived(ctx, user, PHONE_LIST_MAX),
    marketModel.of(ctx).catalogue.get(),
  ]);
  if (rows.length === 0) {
    return [say(lang, 'bids.none')];
  }
  return [
    ...rows.map((r) =>
      say(lang, 'bids.line', {
        id: r.bid.id,
        price: money(lang, r.bid.priceCents),
        tons: tons(lang, r.bid.quantityKg ?? r.commodity.quantityKg),
        name: catalogue.readerName(lang, r.commodity.name),
        buyer: r.buyerUsername,
      }),
    ),
    say(lang, 'bids.footer'),
  ];
}

export async function myBidLines(ctx: AppContext, user: SessionUser): Promise<string[]> {
  const lang = user.language;
  const [rows, catalogue] = await Promise.all([
    bidsOfBuyer(ctx, user, PHONE_LIST_MAX),
    marketModel.of(ctx).catalogue.get(),
  ]);
  if (rows.length === 0) {
    return [say(lang, 'bids.mineNone')];
  }
  return rows.map((r) =>
    say(lang, 'bids.mine', {
      id: r.bid.id,
      name: catalogue.readerName(lang, r.commodity.name),
      price: money(lang, r.bid.priceCents),
      status: say(lang, `bidStatus.${r.bid.status}`),
    }),
  );
}

/** Orders read from the latest this many, so that open ones can come first. */
const RECENT_ORDERS = 30;

/**
 * The user's latest orders as they see them (a manager: their own, not everyone's): those still open first, as
 * they have something next, then those done; newest first in each.
 */
export async function recentOrders(
  ctx: AppContext,
  user: SessionUser,
  limit = PHONE_LIST_MAX,
): Promise<TOrder[]> {
  const mine = user.role === 'manager' ? ({ as: 'buyer' } as const) : {};
  const query = ZOrderListQuery.parse({ limit: RECENT_ORDERS, ...mine });
  const { rows, details } = await listOrdersOf(ctx, { user, query });
  const nameOf = await readerNames(ctx, user.language);
  const open = (status: string) => (OPEN_ORDER_STATUSES as readonly string[]).includes(status);
  return rows
    .slice(0, RECENT_ORDERS)
    .map((row) => presentOrder(row, details, user, nameOf))
    .sort((a, b) => Number(open(b.status)) - Number(open(a.status)))
    .slice(0, limit);
}

/** What comes next on an order, for the one reading it. */
export function nextStep(lang: Language, order: TOrder, viewerId: number): string {
  const isBuyer = order.buyer.id === viewerId;
  const due = money(lang, Math.round(order.payment.due * 100));
  switch (order.status) {
    case 'awaiting_delivery':
      if (order.delivery === null) {
        return say(lang, isBuyer ? 'next.awaitDelivery' : 'next.arrange');
      }
      return say(lang, order.delivery.mode === 'pickup' ? 'next.pickup' : 'next.driver');
    case 'in_transit':
      return isBuyer && order.handoverCode !== null
        ? say(lang, 'next.inTransitBuyer', { code: order.handoverCode })
        : say(lang, 'next.inTransit');
    case 'delivered':
      if (order.payment.due <= 0) {
        return '';
      }
      return say(lang, isBuyer ? 'next.pay' : 'next.awaitPayment', { due });
    case 'disputed':
      return say(lang, 'next.dispute');
    default:
      return '';
  }
}

export async function orderLines(ctx: AppContext, user: SessionUser): Promise<string[]> {
  const lang = user.language;
  const orders = await recentOrders(ctx, user);
  if (orders.length === 0) {
    return [say(lang, 'orders.none')];
  }
  return orders.map((o) =>
    say(lang, 'orders.line', {
      id: o.id,
      name: o.commodity.name,
      tons: tonsText(lang, o.quantity),
      status: translate(lang, `orders.status.${o.status}`),
      next: nextStep(lang, o, user.id),
    }).trim(),
  );
}
