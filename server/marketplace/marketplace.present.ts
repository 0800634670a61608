// Presenters of the marketplace: pick the API fields of each row explicitly (decimals out of cents and kg).

import type { TBid, TBidDetail, TCommodity, TCommodityRequest, TTrade } from '../../contract/marketplace';
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import type { BidRow, ListingRow, RequestAnswerRow, RequestRow, TradeRow } from './marketplace.repo';

export function presentCommodity(
  row: ListingRow,
  sellerUsername: string,
  listedBy: string | null = null,
): TCommodity {
  return {
    id: row.id,
    name: row.name,
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

export function presentBidDetail(row: {
  bid: BidRow;
  buyerUsername: string;
  commodity: ListingRow;
  sellerUsername: string;
}): TBidDetail {
  const c = presentCommodity(row.commodity, row.sellerUsername);
  return {
    ...presentBid(row.bid),
    buyerUsername: row.buyerUsername,
    commodity: {
      id: c.id,
      name: c.name,
      quantity: c.quantity,
      price: c.price,
      grade: c.grade,
      status: c.status,
      userId: c.userId,
      sellerUsername: c.sellerUsername,
    },
  };
}

export function presentTrade(row: TradeRow, name: string): TTrade {
  return {
    id: row.id,
    commodityId: row.commodityId,
    bidId: row.bidId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    name,
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
): TCommodityRequest {
  return {
    id: row.id,
    buyerId: row.buyerId,
    buyerUsername,
    commodityName: row.commodityName,
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
