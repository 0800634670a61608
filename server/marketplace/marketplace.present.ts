// Presenters of the marketplace: pick the API fields of each row explicitly (decimals out of cents and kg).

import type { TBid, TBidDetail, TCommodity, TCommodityRequest, TTrade } from '../../contract/marketplace';
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import type { TRatingSummary } from '../../contract/ratings';
import { NO_RATINGS } from '../ratings';
import type { BidRow, ListingRow, RequestAnswerRow, RequestRow, TradeRow } from './marketplace.repo';

/** What a reader calls a market: a catalogue kind's name in their language, else the name as typed (`fallback`). */
export type NameOf = (marketKey: string, fallback: string) => string;
const asTyped: NameOf = (_key, fallback) => fallback;

export function presentCommodity(
  row: ListingRow,
  sellerUsername: string,
  listedBy: string | null = null,
  sellerRating: TRatingSummary | null = null,
  nameOf: NameOf = asTyped,
  /** Read pages name the stock behind each listing (null: none recorded); write answers leave it out. */
  stock?: TCommodity['stock'],
): TCommodity {
  return {
    id: row.id,
    name: nameOf(row.marketKey, row.name),
    quantity: kgToTons(row.quantityKg),
    listedQuantity: kgToTons(row.listedQuantityKg),
    price: centsToDecimal(row.priceCents),
    grade: row.grade,
    status: row.status,
    userId: row.ownerId,
    sellerUsername,
    farmId: row.farmId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(listedBy === null ? {} : { listedBy }),
    ...(sellerRating === null ? {} : { sellerRating }),
    ...(stock === undefined ? {} : { stock }),
  };
}

export function presentBid(row: BidRow): TBid {
  return {
    id: row.id,
    commodityId: row.commodityId,
    buyerId: row.buyerId,
    price: centsToDecimal(row.priceCents),
    quantity: kgToTons(row.quantityKg),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A bid with its listing, and both sides' rating aggregates from `ratings` (read for the whole page at once). */
export function presentBidDetail(
  row: {
    bid: BidRow;
    buyerUsername: string;
    commodity: ListingRow;
    sellerUsername: string;
  },
  ratings: ReadonlyMap<number, TRatingSummary>,
  nameOf: NameOf = asTyped,
): TBidDetail {
  const c = presentCommodity(row.commodity, row.sellerUsername, null, null, nameOf);
  return {
    ...presentBid(row.bid),
    buyerUsername: row.buyerUsername,
    buyerRating: ratings.get(row.bid.buyerId) ?? NO_RATINGS,
    commodity: {
      id: c.id,
      name: c.name,
      quantity: c.quantity,
      price: c.price,
      grade: c.grade,
      status: c.status,
      userId: c.userId,
      sellerUsername: c.sellerUsername,
      sellerRating: ratings.get(row.commodity.ownerId) ?? NO_RATINGS,
    },
  };
}

export function presentTrade(row: TradeRow, name: string, nameOf: NameOf = asTyped): TTrade {
  return {
    id: row.id,
    commodityId: row.commodityId,
    bidId: row.bidId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    name: nameOf(row.marketKey, name),
    price: centsToDecimal(row.priceCents),
    quantity: kgToTons(row.quantityKg),
    total: centsToDecimal(row.totalCents),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCommodityRequest(
  row: RequestRow,
  buyerUsername: string,
  answers: readonly RequestAnswerRow[] = [],
  nameOf: NameOf = asTyped,
): TCommodityRequest {
  return {
    id: row.id,
    buyerId: row.buyerId,
    buyerUsername,
    commodityName: nameOf(row.marketKey, row.commodityName),
    quantity: kgToTons(row.quantityKg),
    targetPrice: centsToDecimal(row.targetPriceCents),
    grade: row.grade,
    description: row.description,
    deliveryTimeline: row.deliveryTimeline,
    status: row.status,
    answers: answers.map((a) => ({
      commodityId: a.commodityId,
      sellerId: a.sellerId,
      sellerUsername: a.sellerUsername,
      price: centsToDecimal(a.priceCents),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}
