// Forward agreements' routes: propose, answer, withdraw, pay the deposit, deliver, link a plan, dispute, resolve;
// the lists, the Futures tab and each party's record. Who may act on which agreement is the service's answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  ZAgreementDecision,
  ZAgreementDepositInput,
  ZAgreementDisputeInput,
  ZAgreementInput,
  ZAgreementOrderInput,
  ZAgreementPlanInput,
  ZAgreementQuery,
  ZAgreementResolveInput,
  ZForwardAgreement,
  ZForwardAgreements,
  ZFulfilmentRecord,
  ZFutures,
} from '../../contract/forward-agreements';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { payDeposit, resolveAgreement } from './agreement-money';
import { deliverUnderAgreement } from './agreement-orders';
import {
  decideAgreement,
  disputeAgreement,
  linkPlan,
  proposeAgreement,
  withdrawAgreement,
} from './agreements.service';
import { fulfilmentRecord, futuresOf, getAgreement, listAgreements, presentOne } from './agreements-read';

const tags = ['forward-agreements'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const one = { 200: ZForwardAgreement, ...errors };

export function agreementsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/forward-agreements',
      {
        config: { access: 'agreements.propose' },
        schema: { tags, body: ZAgreementInput, response: { 201: ZForwardAgreement, ...errors } },
      },
      async (request, reply) => {
        const row = await proposeAgreement(ctx, requireUser(request), request.body);
        return reply.code(201).send(await presentOne(ctx, row, requireUser(request)));
      },
    );

    app.get(
      '/api/forward-agreements',
      {
        config: { access: 'user' },
        schema: { tags, querystring: ZAgreementQuery, response: { 200: ZForwardAgreements, ...errors } },
      },
      async (request) => ({ data: await listAgreements(ctx, requireUser(request), request.query) }),
    );

    app.get(
      '/api/forward-agreements/:id',
      { config: { access: 'user' }, schema: { tags, params: ZIdParams, response: one } },
      async (request) => getAgreement(ctx, requireUser(request), request.params.id),
    );

    app.post(
      '/api/forward-agreements/:id/decision',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZAgreementDecision, response: one },
      },
      async (request) =>
        presentOne(
          ctx,
          await decideAgreement(ctx, requireUser(request), request.params.id, request.body),
          requireUser(request),
        ),
    );

    app.post(
      '/api/forward-agreements/:id/withdraw',
      { config: { access: 'user' }, schema: { tags, params: ZIdParams, response: one } },
      async (request) =>
        presentOne(
          ctx,
          await withdrawAgreement(ctx, requireUser(request), request.params.id),
          requireUser(request),
        ),
    );

    app.post(
      '/api/forward-agreements/:id/deposit',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZAgreementDepositInput,
          response: { 201: ZForwardAgreement, ...errors },
        },
      },
      async (request, reply) => {
        const row = await payDeposit(ctx, requireUser(request), request.params.id, request.body);
        return reply.code(201).send(await presentOne(ctx, row, requireUser(request)));
      },
    );
  };
}

/** Delivering, linking a plan, disputes, and the reads built on agreements (the Futures tab, a party's record). */
export function agreementDeliveryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/forward-agreements/:id/orders',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZAgreementOrderInput,
          response: { 201: z.object({ agreement: ZForwardAgreement, orderId: z.number().int() }), ...errors },
        },
      },
      async (request, reply) => {
        const done = await deliverUnderAgreement(ctx, requireUser(request), request.params.id, request.body);
        return reply.code(201).send({
          agreement: await presentOne(ctx, done.agreement, requireUser(request)),
          orderId: done.orderId,
        });
      },
    );

    app.put(
      '/api/forward-agreements/:id/plan',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZAgreementPlanInput, response: one },
      },
      async (request) =>
        presentOne(
          ctx,
          await linkPlan(ctx, requireUser(request), request.params.id, request.body.planId),
          requireUser(request),
        ),
    );

    app.post(
      '/api/forward-agreements/:id/dispute',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZAgreementDisputeInput, response: one },
      },
      async (request) =>
        presentOne(
          ctx,
          await disputeAgreement(ctx, requireUser(request), request.params.id, request.body.note),
          requireUser(request),
        ),
    );

    app.post(
      '/api/forward-agreements/:id/resolve',
      {
        config: { access: 'agreements.resolve' },
        schema: { tags, params: ZIdParams, body: ZAgreementResolveInput, response: one },
      },
      async (request) =>
        presentOne(
          ctx,
          await resolveAgreement(ctx, requireUser(request), request.params.id, request.body),
          requireUser(request),
        ),
    );

    app.get(
      '/api/financial/futures',
      { config: { access: 'user' }, schema: { tags, response: { 200: ZFutures, ...errors } } },
      async (request) => futuresOf(ctx, requireUser(request)),
    );

    app.get(
      '/api/users/:id/agreement-record',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZFulfilmentRecord, ...errors } },
      },
      async (request) => fulfilmentRecord(ctx, request.params.id),
    );
  };
}
