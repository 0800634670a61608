// Routes for a farm's reports (generated from the ledger, listed, exported as CSV) and its projections.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFarmIdParams } from '../../contract/farms';
import {
  ZProjections,
  ZReport,
  ZReportInput,
  ZReportParams,
  ZScenario,
  ZScenarioInput,
} from '../../contract/finance';
import type { AppContext } from '../context';
import { requireFarm } from '../farms';
import { requireUser } from '../http/access';
import { csvOptionsFor, sendCsv, toCsv } from '../http/csv';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/i18n';
import { presentProjections, presentReport, presentScenario, reportRows } from './finance.present';
import { createScenario, generateReport, getProjections, reportOf, reportsOf } from './reports.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['finance'];

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/reports',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: { tags, params: ZFarmIdParams, response: { 200: z.array(ZReport), ...errors } },
      },
      async (request) => {
        return (await reportsOf(ctx, { farm: requireFarm(request).farm })).map(presentReport);
      },
    );

    app.post(
      '/api/farms/:id/reports',
      {
        config: { access: 'user', farm: 'farm.finance.write' },
        schema: {
          tags,
          description: 'The server computes `data` from the ledger; a client `data` is ignored.',
          params: ZFarmIdParams,
          body: ZReportInput,
          response: { 201: ZReport, ...errors },
        },
      },
      async (request, reply) => {
        const row = await generateReport(ctx, {
          farm: requireFarm(request).farm,
          actor: requireUser(request),
          input: request.body,
        });
        return reply.status(201).send(presentReport(row));
      },
    );

    app.get(
      '/api/farms/:id/reports/:reportId.csv',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: { tags, params: ZReportParams },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        const row = await reportOf(ctx, { farm }, request.params.reportId);
        if (!row) {
          throw new AppError('notFound', 'finance.errors.reportNotFound');
        }
        const report = presentReport(row);
        const lang = requestLanguage(request);
        return sendCsv(
          reply,
          `farm-${farm.id}-${report.type}-${report.startDate}.csv`,
          toCsv(reportRows(report, ctx.config.currency.code, lang), csvOptionsFor(lang)),
        );
      },
    );

    app.get(
      '/api/farms/:id/projections',
      {
        config: { access: 'user', farm: 'farm.finance.read' },
        schema: {
          tags,
          description:
            'This month and the next five from the farm’s own history: the same month last year with a year of history, else the average of the last 3 complete months.',
          params: ZFarmIdParams,
          response: { 200: ZProjections, ...errors },
        },
      },
      async (request) => {
        return presentProjections(await getProjections(ctx, { farm: requireFarm(request).farm }));
      },
    );

    app.post(
      '/api/farms/:id/projections',
      {
        config: { access: 'user', farm: 'farm.finance.write' },
        schema: {
          tags,
          description: 'Stores a scenario: the user’s own monthly income and expense figures.',
          params: ZFarmIdParams,
          body: ZScenarioInput,
          response: { 201: ZScenario, ...errors },
        },
      },
      async (request, reply) => {
        const row = await createScenario(ctx, {
          farm: requireFarm(request).farm,
          actor: requireUser(request),
          input: request.body,
        });
        return reply.status(201).send(presentScenario(row));
      },
    );
  };
}
