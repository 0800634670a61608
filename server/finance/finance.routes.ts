// Routes for a farm's books: the financial overview and sales; transactions and reports beside.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFarmIdParams } from '../../contract/farms';
import { ZFinancials, ZSale, ZSaleInput } from '../../contract/finance';
import type { AppContext } from '../context';
import { farmPagesCache, requireFarm } from '../farms';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { jsonText, sendJson } from '../http/json-body';
import { presentFinancials, presentSale } from './finance.present';
import { createSale, getFinancials, today } from './finance.service';
import { reportsRoutes } from './reports.routes';
import { transactionsRoutes } from './transactions.routes';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['finance'];

export function financeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/financials',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: {
          tags,
          description:
            'Net worth, total assets and liabilities at today, with the latest transactions and sales.',
          params: ZFarmIdParams,
          response: { 200: ZFinancials, ...errors },
        },
      },
      async (request, reply) => {
        // The guard above has checked the caller's membership. The answer is the same for every member who may
        // read the books; keyed by the day, since it sums the books up to today.
        const { farm } = requireFarm(request);
        const asOf = today();
        // Sales' memos are in the reader's language: one cached page per language.
        const lang = requestLanguage(request);
        const body = await farmPagesCache
          .of(ctx)
          .get(farm.id, `financials|${asOf}|${lang}`, async () =>
            Buffer.from(
              jsonText(ZFinancials, presentFinancials(await getFinancials(ctx, { farm, asOf }), lang)),
            ),
          );
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/farms/:id/sales',
      {
        config: { access: 'user', farm: 'farm.finance.write' },
        schema: {
          tags,
          description:
            'quantity in tons, pricePerUnit per ton; totalAmount = quantity × pricePerUnit to the cent. Books produce sales.',
          params: ZFarmIdParams,
          body: ZSaleInput,
          response: { 201: ZSale, ...errors },
        },
      },
      async (request, reply) => {
        const row = await createSale(ctx, { farm: requireFarm(request).farm, input: request.body });
        return reply.status(201).send(presentSale(row, requestLanguage(request)));
      },
    );

    await app.register(transactionsRoutes(ctx));
    await app.register(reportsRoutes(ctx));
  };
}
