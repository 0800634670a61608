// Routes of plots and crop plans. Each route is open to signed-in users; the services check the farm (its members
// by role, an agent for the farmers they represent) and answer 404 for a farm, plot or plan the caller may not see.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAnalysisDataByType } from '../../contract/analysis';
import { ZIdParams } from '../../contract/common';
import {
  ZAbandonInput,
  ZCropPlan,
  ZCropPlanDetails,
  ZCropPlanInput,
  ZCropPlanQuery,
  ZCropPlans,
  ZCropPlanUpdate,
  ZPlot,
  ZPlotInput,
  ZPlotParams,
  ZPlots,
  ZPlotUpdate,
} from '../../contract/crop-plans';
import { ZAnalyticsType } from '../../contract/crops';
import { ZFarmIdParams } from '../../contract/farms';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { farmPagesCache, requireFarmActor } from '../farms';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { jsonText, sendJson } from '../http/json-body';
import { presentPlan, presentPlanDetails, presentPlanSummary, presentPlot } from './crops.present';
import { todayIso } from './plan-views';
import {
  abandonPlan,
  createPlan,
  farmPlans,
  type PlanAccess,
  planAnalysis,
  planDetails,
  planWithTasks,
  updateCropPlan,
} from './plans.service';
import { createPlot, farmPlots, updateFarmPlot } from './plots.service';
import { planRecords } from './records.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['crops'];
const ZPlanAnalysis = z.object({
  type: ZAnalyticsType,
  data: z.union([
    ZAnalysisDataByType.yield_prediction,
    ZAnalysisDataByType.resource_optimization,
    ZAnalysisDataByType.pest_risk,
  ]),
});

/** A plan's page, read after the write that changed it (or for GET). */
export async function planPage(ctx: AppContext, db: Tx, access: PlanAccess) {
  const view = await planWithTasks(ctx, db, access.plan);
  return presentPlanDetails(view, access.farm.name, await planRecords(ctx, db, access));
}

export function plotsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/plots',
      {
        config: { access: 'user', farm: 'farm.crops.read' },
        schema: { tags, params: ZFarmIdParams, response: { 200: ZPlots, ...errors } },
      },
      async (request) => {
        const found = await farmPlots(ctx, { farm: requireFarmActor(request).farm });
        const today = todayIso();
        return {
          plots: found.plots.map((p) => presentPlot(p, found.current.get(p.id) ?? null, today)),
          farmSize: found.farmSize,
          plottedArea: Math.round(found.plotted * 10_000) / 10_000,
        };
      },
    );

    app.post(
      '/api/farms/:id/plots',
      {
        config: { access: 'user', farm: 'farm.crops.plan' },
        schema: { tags, params: ZFarmIdParams, body: ZPlotInput, response: { 201: ZPlot, ...errors } },
      },
      async (request, reply) => {
        const plot = await createPlot(ctx, { farm: requireFarmActor(request).farm, input: request.body });
        return reply.code(201).send(presentPlot(plot, null, todayIso()));
      },
    );

    app.patch(
      '/api/farms/:id/plots/:plotId',
      {
        config: { access: 'user', farm: 'farm.crops.plan' },
        schema: { tags, params: ZPlotParams, body: ZPlotUpdate, response: { 200: ZPlot, ...errors } },
      },
      async (request) => {
        const { plot, current } = await updateFarmPlot(ctx, {
          farm: requireFarmActor(request).farm,
          plotId: request.params.plotId,
          input: request.body,
        });
        return presentPlot(plot, current, todayIso());
      },
    );
  };
}

export function plansRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/crop-plans',
      {
        config: { access: 'user', farm: 'farm.crops.read' },
        schema: {
          tags,
          params: ZFarmIdParams,
          querystring: ZCropPlanQuery,
          response: { 200: ZCropPlans, ...errors },
        },
      },
      async (request, reply) => {
        const access = requireFarmActor(request);
        const { season, status } = request.query;
        // The guard has checked the caller may read the farm's crops; the answer is the same for every such member.
        // Keyed by the day: stages, statuses and overdue counts are the day's.
        const body = await farmPagesCache
          .of(ctx)
          .get(access.farm.id, `crop-plans|${todayIso()}|${season ?? ''}|${status ?? ''}`, async () => {
            const views = await farmPlans(ctx, { access, query: request.query });
            return Buffer.from(jsonText(ZCropPlans, { plans: views.map(presentPlanSummary) }));
          });
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/farms/:id/crop-plans',
      {
        config: { access: 'user', farm: 'farm.crops.plan' },
        schema: {
          tags,
          params: ZFarmIdParams,
          body: ZCropPlanInput,
          response: { 201: ZCropPlan, ...errors },
        },
      },
      async (request, reply) => {
        const { view, farmName } = await createPlan(ctx, {
          user: requireUser(request),
          access: requireFarmActor(request),
          input: request.body,
        });
        return reply.code(201).send(presentPlan(view, farmName));
      },
    );
  };
}

/** One plan: its page, changes to it, abandoning it, its analyses. */
export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/crop-plans/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZCropPlanDetails, ...errors } },
      },
      async (request) => {
        const access = await planDetails(ctx, { user: requireUser(request), planId: request.params.id });
        return planPage(ctx, ctx.db, access);
      },
    );

    app.patch(
      '/api/crop-plans/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZCropPlanUpdate,
          response: { 200: ZCropPlanDetails, ...errors },
        },
      },
      async (request) => {
        const access = await updateCropPlan(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          input: request.body,
        });
        return planPage(ctx, ctx.db, access);
      },
    );

    app.post(
      '/api/crop-plans/:id/abandon',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZAbandonInput,
          response: { 200: ZCropPlanDetails, ...errors },
        },
      },
      async (request) => {
        const access = await abandonPlan(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          input: request.body,
        });
        return planPage(ctx, ctx.db, access);
      },
    );

    app.get(
      '/api/crop-plans/:id/analytics',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          querystring: z.object({ type: ZAnalyticsType }),
          response: { 200: ZPlanAnalysis, ...errors },
        },
      },
      async (request) => {
        const data = await planAnalysis(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          type: request.query.type,
        });
        return { type: request.query.type, data } as z.infer<typeof ZPlanAnalysis>;
      },
    );
  };
}
