// The receipt check: anyone with a receipt's code (a buyer, a lender) sees what it certifies, a few times a minute.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReceipt, ZReceiptCodeParams } from '../../contract/stock';
import type { AppContext } from '../context';
import { errorResponses } from '../http/error-responses';
import { receiptByCode } from './receipts.service';

const errors = errorResponses(400, 404, 429);

export function receiptsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/receipts/:code',
      {
        config: { access: 'public' },
        schema: { tags: ['stock'], params: ZReceiptCodeParams, response: { 200: ZReceipt, ...errors } },
      },
      async (request) => receiptByCode(ctx, request.params.code, `ip:${request.ip}`),
    );
  };
}
