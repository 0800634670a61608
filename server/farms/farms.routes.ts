// Routes for farms and their members (add, remove, leave). Every /:id route goes through the farm guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFarm,
  ZFarmIdParams,
  ZFarmInput,
  ZFarmMember,
  ZFarmMemberInput,
  ZFarmMemberParams,
  ZFarmUpdate,
} from '../../contract/farms';
import type { AppContext } from '../context';
import { postPendingTrades } from '../finance/trade-posting';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requireFarmAccess } from './farm-access';
import { farmAudience } from './farm-audience';
import { addMember, removeMember } from './farm-members';
import { presentFarm } from './farms.presenter';
import { insertFarm, listFarmsOf, listMembers, updateFarm } from './farms.repo';

const errors = errorResponses(400, 401, 403, 404);

export function farmsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms',
      {
        config: { access: 'user' },
        schema: { tags: ['farms'], response: { 200: z.array(ZFarm), ...errors } },
      },
      async (request) => {
        const rows = await listFarmsOf(ctx.db, requireUser(request).id);
        return rows.map((r) => presentFarm(r.farm, r.role));
      },
    );

    app.post(
      '/api/farms',
      {
        config: { access: 'farms.create' },
        schema: { tags: ['farms'], body: ZFarmInput, response: { 201: ZFarm, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const b = request.body;
        const farm = await ctx.db.transaction(async (tx) => {
          const row = await insertFarm(tx, {
            ownerId: user.id,
            name: b.name,
            sizeHa: b.size,
            latitude: b.latitude,
            longitude: b.longitude,
            elevation: b.elevation,
            crop: b.crop,
            plantingDate: b.plantingDate,
            soilTexture: b.soilTexture ?? null,
          });
          await ctx.bus.publish(tx, { type: 'farm', id: row.id, userId: user.id }, farmAudience(row.id));
          await postPendingTrades(tx, ctx.bus, user.id, row.id);
          return row;
        });
        return reply.status(201).send(presentFarm(farm, 'owner'));
      },
    );

    app.get(
      '/api/farms/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['farms'], params: ZFarmIdParams, response: { 200: ZFarm, ...errors } },
      },
      async (request) => {
        const { farm, role } = await requireFarmAccess(
          ctx.db,
          requireUser(request),
          request.params.id,
          'farm.read',
        );
        return presentFarm(farm, role);
      },
    );

    app.patch(
      '/api/farms/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZFarmUpdate,
          response: { 200: ZFarm, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { role } = await requireFarmAccess(ctx.db, user, request.params.id, 'farm.update');
        const { size, ...rest } = request.body;
        const row = await updateFarm(ctx.db, request.params.id, {
          ...rest,
          ...(size === undefined ? {} : { sizeHa: size }),
        });
        if (!row) {
          throw new AppError('notFound', 'errors.farmNotFound');
        }
        return presentFarm(row, role);
      },
    );

    app.get(
      '/api/farms/:id/members',
      {
        config: { access: 'user' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          response: { 200: z.array(ZFarmMember), ...errors },
        },
      },
      async (request) => {
        await requireFarmAccess(ctx.db, requireUser(request), request.params.id, 'farm.read');
        const rows = await listMembers(ctx.db, request.params.id);
        return rows.map(({ member, username }) => ({
          farmId: member.farmId,
          userId: member.userId,
          username,
          role: member.role,
          createdAt: member.createdAt.toISOString(),
        }));
      },
    );

    app.post(
      '/api/farms/:id/members',
      {
        config: { access: 'user' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZFarmMemberInput,
          response: { 201: ZFarmMember, ...errors },
        },
      },
      async (request, reply) => {
        const member = await addMember(ctx, {
          farmId: request.params.id,
          actor: requireUser(request),
          userId: request.body.userId,
          role: request.body.role,
        });
        return reply.status(201).send(member);
      },
    );

    app.delete(
      '/api/farms/:id/members/:userId',
      {
        config: { access: 'user' },
        schema: {
          tags: ['farms'],
          description:
            'Removes a member (the owner only), or leaves the farm when `userId` is the caller. The owner never leaves nor is removed (409).',
          params: ZFarmMemberParams,
          response: { 204: z.null(), ...errors, ...errorResponses(409) },
        },
      },
      async (request, reply) => {
        await removeMember(ctx, {
          farmId: request.params.id,
          actor: requireUser(request),
          userId: request.params.userId,
        });
        return reply.status(204).send(null);
      },
    );
  };
}
