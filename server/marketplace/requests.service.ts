// Commodity requests: a buyer asks for a commodity, farmers answer with listings, the buyer closes the request.
import type { DeliveryTimeline, Grade } from '../../contract/marketplace';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { notify } from '../notifications';
import { marketModel } from './market-model';
import { marketWrite } from './market-write';
import { mayCloseRequest } from './marketplace.policy';
import {
  findRequest,
  insertRequest,
  insertRequestAnswer,
  type ListingRow,
  updateRequest,
} from './marketplace.repo';

const requestNotFound = () => new AppError('notFound', 'marketplace.errors.requestNotFound');

export async function createRequest(
  ctx: AppContext,
  options: {
    user: SessionUser;
    commodityName: string;
    quantityKg: number;
    targetPriceCents: number;
    grade: Grade;
    description?: string | undefined;
    deliveryTimeline: DeliveryTimeline;
  },
) {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return marketWrite(
    ctx,
    async (tx) => {
      const row = await insertRequest(tx, {
        buyerId: options.user.id,
        commodityName: options.commodityName,
        marketKey: catalogue.marketOf(options.commodityName),
        quantityKg: options.quantityKg,
        targetPriceCents: options.targetPriceCents,
        grade: options.grade,
        description: options.description && options.description.length > 0 ? options.description : null,
        deliveryTimeline: options.deliveryTimeline,
      });
      await ctx.bus.publish(tx, { type: 'commodity_request', id: row.id }, 'public');
      return row;
    },
    'requests',
  );
}

/** Adds a listing to a request's answers: every farmer's answer is kept, and a farmer answers a request once. */
export async function answerRequest(
  ctx: AppContext,
  tx: Tx,
  options: { requestId: number; listing: ListingRow; sellerUsername: string },
) {
  const request = await findRequest(tx, options.requestId);
  if (request?.status !== 'open') {
    throw requestNotFound();
  }
  const added = await insertRequestAnswer(tx, {
    requestId: request.id,
    commodityId: options.listing.id,
    sellerId: options.listing.ownerId,
  });
  if (!added) {
    throw conflict('marketplace.errors.requestAnsweredAlready');
  }
  await notify(tx, ctx, [request.buyerId], {
    type: 'request_answered',
    data: { seller: options.sellerUsername, commodity: options.listing.name },
    link: '/marketplace#listings',
  });
  await ctx.bus.publish(tx, { type: 'commodity_request', id: request.id }, 'public');
}

export async function closeRequest(ctx: AppContext, options: { user: SessionUser; id: number }) {
  return marketWrite(
    ctx,
    async (tx) => {
      const request = await findRequest(tx, options.id);
      if (!request) {
        throw requestNotFound();
      }
      const refused = mayCloseRequest(options.user, request);
      if (refused) {
        throw refused;
      }
      if (request.status !== 'open') {
        throw conflict('marketplace.errors.requestClosed');
      }
      const row = await updateRequest(tx, request.id, { status: 'closed' });
      if (!row) {
        throw requestNotFound();
      }
      await ctx.bus.publish(tx, { type: 'commodity_request', id: row.id }, 'public');
      return row;
    },
    'requests',
  );
}
