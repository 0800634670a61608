// Routes of tasks and of what is recorded against a plan (inputs, harvests, money links). Open to signed-in users;
// the services check the farm and answer 404 for what the caller may not see.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  ZHarvest,
  ZHarvestInput,
  ZPlanInput,
  ZPlanInputInput,
  ZPlanLinkInput,
  ZPlanLinkParams,
  ZTask,
  ZTaskInput,
  ZTaskQuery,
  ZTasks,
  ZTaskUpdate,
} from '../../contract/crop-plans';
import { ZFarmIdParams } from '../../contract/farms';
import type { AppContext } from '../context';
import { farmPagesCache, requireFarmActor } from '../farms';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { jsonText, sendJson } from '../http/json-body';
import { presentHarvest, presentInput, presentTask } from './crops.present';
import { todayIso } from './plan-views';
import { addHarvest, addInput, linkMoney } from './records.service';
import { addTask, changeTask, farmsOfWorker, farmTasks, myTasks, type TasksAnswer } from './tasks.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['crops'];

const tasksAnswer = (answer: TasksAnswer) => ({
  tasks: answer.tasks.map((t) => presentTask(t, answer.farmNames.get(t.farmId) ?? '')),
});

export function tasksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /**
   * A farm's tasks as sent: the same for every member who may read its crops, kept in the farm pages' cache and
   * dropped by the farm's events (and at once by a crops write on this instance).
   */
  const farmTasksBody = (farm: { id: number; name: string }, query: z.output<typeof ZTaskQuery>) =>
    farmPagesCache
      .of(ctx)
      .get(
        farm.id,
        `tasks|${todayIso()}|${query.from ?? ''}|${query.to ?? ''}|${query.status ?? ''}`,
        async () => Buffer.from(jsonText(ZTasks, tasksAnswer(await farmTasks(ctx, { farm, query })))),
      );

  return async (app) => {
    app.get(
      '/api/tasks',
      {
        config: { access: 'user' },
        schema: { tags, querystring: ZTaskQuery, response: { 200: ZTasks, ...errors } },
      },
      async (request, reply) => {
        const farms = await farmsOfWorker(ctx.db, requireUser(request));
        const [only] = farms;
        // Most people work on one farm: their answer is that farm's own, as its page sends it (kept for its members).
        if (farms.length === 1 && only) {
          return sendJson(reply, await farmTasksBody(only, request.query));
        }
        return tasksAnswer(await myTasks(ctx, { farms, query: request.query }));
      },
    );

    app.get(
      '/api/farms/:id/tasks',
      {
        config: { access: 'user', farm: 'farm.crops.read' },
        schema: {
          tags,
          params: ZFarmIdParams,
          querystring: ZTaskQuery,
          response: { 200: ZTasks, ...errors },
        },
      },
      // The guard checked that the caller may read the farm's crops.
      async (request, reply) =>
        sendJson(reply, await farmTasksBody(requireFarmActor(request).farm, request.query)),
    );

    app.post(
      '/api/farms/:id/tasks',
      {
        config: { access: 'user', farm: 'farm.crops.work' },
        schema: { tags, params: ZFarmIdParams, body: ZTaskInput, response: { 201: ZTask, ...errors } },
      },
      async (request, reply) => {
        const { task, farmName } = await addTask(ctx, {
          user: requireUser(request),
          farm: requireFarmActor(request).farm,
          input: request.body,
        });
        return reply.code(201).send(presentTask(task, farmName));
      },
    );

    app.patch(
      '/api/tasks/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZTaskUpdate, response: { 200: ZTask, ...errors } },
      },
      async (request) => {
        const { task, farmName } = await changeTask(ctx, {
          user: requireUser(request),
          taskId: request.params.id,
          input: request.body,
        });
        return presentTask(task, farmName);
      },
    );
  };
}

export function recordsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/crop-plans/:id/inputs',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZPlanInputInput, response: { 201: ZPlanInput, ...errors } },
      },
      async (request, reply) => {
        const { row, costCents } = await addInput(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          input: request.body,
        });
        return reply.code(201).send(presentInput(row, costCents));
      },
    );

    app.post(
      '/api/crop-plans/:id/harvests',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZHarvestInput, response: { 201: ZHarvest, ...errors } },
      },
      async (request, reply) => {
        const row = await addHarvest(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          input: request.body,
        });
        return reply.code(201).send(presentHarvest(row));
      },
    );

    app.post(
      '/api/crop-plans/:id/links',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZPlanLinkInput, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await linkMoney(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          source: request.body.source,
          sourceId: request.body.id,
          unlink: false,
        });
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/api/crop-plans/:id/links/:source/:sourceId',
      {
        config: { access: 'user' },
        schema: { tags, params: ZPlanLinkParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await linkMoney(ctx, {
          user: requireUser(request),
          planId: request.params.id,
          source: request.params.source,
          sourceId: request.params.sourceId,
          unlink: true,
        });
        return reply.code(204).send(null);
      },
    );
  };
}
