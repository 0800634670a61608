// Routes of a co-operative's operations: its stores, intakes and bulk lots, member credit, settlements and their
// payouts, books, statements, downloads and broadcasts. Each is open to signed-in users; the services check the
// caller's role in the co-operative at each request.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { MAX_INT4 } from '../../contract/constants';
import {
  ZBroadcastInput,
  ZBroadcastResult,
  ZBulkLot,
  ZCashPaidInput,
  ZCoopBooks,
  ZCoopStoreInput,
  ZCredit,
  ZCreditInput,
  ZIntake,
  ZIntakeInput,
  ZIntakePage,
  ZIntakeQuery,
  ZIntakeReversalInput,
  ZMemberStatement,
  ZSettlement,
  ZSettlementInput,
} from '../../contract/groups';
import { type TStore, ZStore } from '../../contract/stock';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { setNextCursor } from '../http/pagination';
import { answerStores, openCoopStore, storesOwnedBy } from '../stock';
import { broadcast } from './broadcasts.service';
import { coopBooks, giveCredit, listCredits } from './coop-books';
import { coopFor, coopForReading } from './group-access';
import { activeMemberIds } from './groups.repo';
import { bulkLots, listIntakes, recordIntake, reverseIntake } from './intakes.service';
import { contributionsCsv, memberStatement, sharesCsv } from './member-statement';
import { approveSettlement, createSettlement } from './settlements.service';
import { getSettlement, listSettlements } from './settlements-read';
import { payShareInCash, retryShare } from './share-payouts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['co-operatives'];
const ZId = z.coerce.number().int().positive().max(MAX_INT4);
const ZIntakeParams = z.object({ id: ZId, intakeId: ZId });
const ZSettlementParams = z.object({ id: ZId, sid: ZId });
const ZShareParams = z.object({ id: ZId, sid: ZId, memberId: ZId });
const ZMemberFilter = z.object({ member: ZId.optional() });
const ZSeason = z.object({ season: z.coerce.number().int().min(2000).max(2100).optional() });

type App = Parameters<FastifyPluginAsyncZod>[0];

export function coopRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    storeRoutes(ctx, app);
    intakeRoutes(ctx, app);
    settlementRoutes(ctx, app);
    bookRoutes(ctx, app);
  };
}

function storeRoutes(ctx: AppContext, app: App): void {
  app.get(
    '/api/groups/:id/stores',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, response: { 200: z.object({ data: z.array(ZStore) }), ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      const coop = await coopForReading(ctx, user, request.params.id, 'member');
      return { data: await answerStores(ctx, user, await storesOwnedBy(ctx.db, coop.accountId)) };
    },
  );

  app.post(
    '/api/groups/:id/stores',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZCoopStoreInput, response: { 201: ZStore, ...errors } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const store = await ctx.db.transaction(async (tx) => {
        const coop = await coopFor(tx, user, request.params.id, 'manage');
        return openCoopStore(tx, ctx.bus, {
          name: request.body.name,
          location: request.body.location ?? null,
          ownerId: coop.accountId,
          keeperIds: await activeMemberIds(tx, coop.group.id, ['admin', 'store_keeper']),
          by: user.id,
        });
      });
      const [answer] = await answerStores(ctx, user, [store]);
      return reply.code(201).send(answer as TStore);
    },
  );
}

function intakeRoutes(ctx: AppContext, app: App): void {
  app.post(
    '/api/groups/:id/intakes',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZIntakeInput, response: { 201: ZIntake, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await recordIntake(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/groups/:id/intakes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZIntakeQuery,
        response: { 200: ZIntakePage, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listIntakes(ctx, requireUser(request), request.params.id, request.query);
      setNextCursor(reply, page.next);
      return { data: page.items, collectionDay: page.collectionDay };
    },
  );

  app.post(
    '/api/groups/:id/intakes/:intakeId/reversal',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIntakeParams,
        body: ZIntakeReversalInput,
        response: { 201: ZIntake, ...errors },
      },
    },
    async (request, reply) => {
      const { id, intakeId } = request.params;
      return reply
        .code(201)
        .send(await reverseIntake(ctx, requireUser(request), id, intakeId, request.body.reason));
    },
  );

  app.get(
    '/api/groups/:id/lots',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZBulkLot) }), ...errors },
      },
    },
    async (request) => ({ data: await bulkLots(ctx, requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/groups/:id/credits',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZCreditInput, response: { 201: ZCredit, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await giveCredit(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/groups/:id/credits',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZMemberFilter,
        response: { 200: z.object({ data: z.array(ZCredit) }), ...errors },
      },
    },
    async (request) => ({
      data: await listCredits(ctx, requireUser(request), request.params.id, request.query.member),
    }),
  );
}

function settlementRoutes(ctx: AppContext, app: App): void {
  app.post(
    '/api/groups/:id/settlements',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZSettlementInput, response: { 201: ZSettlement, ...errors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createSettlement(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/groups/:id/settlements',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        response: { 200: z.object({ data: z.array(ZSettlement) }), ...errors },
      },
    },
    async (request) => ({ data: await listSettlements(ctx, requireUser(request), request.params.id) }),
  );

  app.get(
    '/api/groups/:id/settlements/:sid',
    {
      config: { access: 'user' },
      schema: { tags, params: ZSettlementParams, response: { 200: ZSettlement, ...errors } },
    },
    async (request) => getSettlement(ctx, requireUser(request), request.params.id, request.params.sid),
  );

  app.post(
    '/api/groups/:id/settlements/:sid/approve',
    {
      config: { access: 'user' },
      schema: { tags, params: ZSettlementParams, response: { 200: ZSettlement, ...errors } },
    },
    async (request) => approveSettlement(ctx, requireUser(request), request.params.id, request.params.sid),
  );

  app.post(
    '/api/groups/:id/settlements/:sid/shares/:memberId/retry',
    {
      config: { access: 'user' },
      schema: { tags, params: ZShareParams, response: { 200: ZSettlement, ...errors } },
    },
    async (request) => {
      const { id, sid, memberId } = request.params;
      return retryShare(ctx, requireUser(request), id, sid, memberId);
    },
  );

  app.post(
    '/api/groups/:id/settlements/:sid/shares/:memberId/cash',
    {
      config: { access: 'user' },
      schema: { tags, params: ZShareParams, body: ZCashPaidInput, response: { 200: ZSettlement, ...errors } },
    },
    async (request) => {
      const { id, sid, memberId } = request.params;
      return payShareInCash(ctx, requireUser(request), id, sid, memberId, request.body.reference);
    },
  );
}

function bookRoutes(ctx: AppContext, app: App): void {
  app.get(
    '/api/groups/:id/books',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, response: { 200: ZCoopBooks, ...errors } },
    },
    async (request) => coopBooks(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/groups/:id/statement',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZMemberFilter,
        response: { 200: ZMemberStatement, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = await memberStatement(
        ctx,
        requireUser(request),
        request.params.id,
        request.query.member,
      );
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/groups/:id/reports/contributions.csv',
    { config: { access: 'user' }, schema: { tags, params: ZIdParams, querystring: ZSeason } },
    async (request, reply) => {
      const body = await contributionsCsv(ctx, requireUser(request), request.params.id, request.query.season);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contributions-${request.params.id}.csv"`)
        .send(body);
    },
  );

  app.get(
    '/api/groups/:id/settlements/:sid/shares.csv',
    { config: { access: 'user' }, schema: { tags, params: ZSettlementParams } },
    async (request, reply) => {
      const { id, sid } = request.params;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="settlement-${sid}.csv"`)
        .send(await sharesCsv(ctx, requireUser(request), id, sid));
    },
  );

  app.post(
    '/api/groups/:id/broadcasts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        body: ZBroadcastInput,
        response: { 200: ZBroadcastResult, ...errors },
      },
    },
    async (request) => broadcast(ctx, requireUser(request), request.params.id, request.body),
  );
}
