// Routes of a farm's transactions: recording one, the list and its CSV, and a reversal (validate → service → present).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFarmIdParams } from '../../contract/farms';
import {
  ZTransaction,
  ZTransactionInput,
  ZTransactionParams,
  ZTransactionQuery,
} from '../../contract/finance';
import type { AppContext } from '../context';
import { requireFarm } from '../farms';
import { requireUser } from '../http/access';
import { csvOptionsFor, sendCsv, toCsv } from '../http/csv';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { paginate, setNextCursor } from '../http/pagination';
import { presentTransaction, transactionRows } from './finance.present';
import { createTransaction, reverseTransaction, transactionsOf } from './finance.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['finance'];

export function transactionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/farms/:id/transactions',
      {
        config: { access: 'user', farm: 'farm.finance.write' },
        schema: {
          tags,
          params: ZFarmIdParams,
          body: ZTransactionInput,
          response: { 201: ZTransaction, ...errors },
        },
      },
      async (request, reply) => {
        const row = await createTransaction(ctx, {
          farm: requireFarm(request).farm,
          actor: requireUser(request),
          input: request.body,
        });
        return reply.status(201).send(presentTransaction(row));
      },
    );

    app.get(
      '/api/farms/:id/transactions',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: {
          tags,
          description:
            'Newest first; filters `from`, `to`, `type`, `category`. Next page: `?cursor=` the `X-Next-Cursor` header.',
          params: ZFarmIdParams,
          querystring: ZTransactionQuery,
          response: { 200: z.array(ZTransaction), ...errors },
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        const { limit, cursor, ...filter } = request.query;
        const [date = '', id = '0'] = cursor?.split('.') ?? [];
        const rows = await transactionsOf(
          ctx,
          { farm },
          { ...filter, cursor: cursor ? { date, id: Number(id) } : undefined },
          limit + 1,
        );
        const { items, next } = paginate(rows, limit, (row) => `${row.date}.${row.id}`);
        setNextCursor(reply, next);
        return items.map(presentTransaction);
      },
    );

    app.post(
      '/api/farms/:id/transactions/:transactionId/reversal',
      {
        config: { access: 'user', farm: 'farm.finance.write' },
        schema: {
          tags,
          description:
            'Cancels a transaction with a reversing entry dated today (entries are never edited); 409 when already reversed.',
          params: ZTransactionParams,
          response: { 201: ZTransaction, ...errors, ...errorResponses(409) },
        },
      },
      async (request, reply) => {
        const row = await reverseTransaction(ctx, {
          farm: requireFarm(request).farm,
          transactionId: request.params.transactionId,
        });
        return reply.status(201).send(presentTransaction(row));
      },
    );

    app.get(
      '/api/farms/:id/transactions.csv',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: {
          tags,
          description:
            'Every matching transaction as CSV in the reader’s language (RFC 4180; text cells guarded against formulas; a UTF-8 BOM; French: `;` and the decimal comma).',
          params: ZFarmIdParams,
          querystring: ZTransactionQuery.omit({ limit: true, cursor: true }),
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        const rows = await transactionsOf(ctx, { farm }, request.query, null);
        const lang = requestLanguage(request);
        const csv = toCsv(
          transactionRows(rows.map(presentTransaction), lang, ctx.config.currency.code),
          csvOptionsFor(lang),
        );
        return sendCsv(reply, `farm-${farm.id}-transactions.csv`, csv);
      },
    );
  };
}
