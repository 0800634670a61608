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
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requireFarm } from './farm-access';
import { presentFarm, presentMember } from './farms.present';
import { createFarm, updateFarmDetails } from './farms.service';
import { addMember, farmsOfUser, membersOfFarm, removeMember } from './members.service';

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
        const rows = await farmsOfUser(ctx, requireUser(request).id);
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
        const farm = await createFarm(ctx, { actor: requireUser(request), input: request.body });
        return reply.status(201).send(presentFarm(farm, 'owner'));
      },
    );

    app.get(
      '/api/farms/:id',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: { tags: ['farms'], params: ZFarmIdParams, response: { 200: ZFarm, ...errors } },
      },
      async (request) => {
        const { farm, role } = requireFarm(request);
        return presentFarm(farm, role);
      },
    );

    app.patch(
      '/api/farms/:id',
      {
        config: { access: 'user', farm: 'farm.update' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZFarmUpdate,
          response: { 200: ZFarm, ...errors },
        },
      },
      async (request) => {
        const { farm, role } = requireFarm(request);
        return presentFarm(await updateFarmDetails(ctx, { farm, input: request.body }), role);
      },
    );
  };
}

/** Routes of a farm's members (owner-managed). */
export function membersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/members',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          response: { 200: z.array(ZFarmMember), ...errors },
        },
      },
      async (request) => {
        const rows = await membersOfFarm(ctx, requireFarm(request).farm.id);
        return rows.map(({ member, username }) => presentMember(member, username));
      },
    );

    app.post(
      '/api/farms/:id/members',
      {
        config: { access: 'user', farm: 'farm.members' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZFarmMemberInput,
          response: { 201: ZFarmMember, ...errors },
        },
      },
      async (request, reply) => {
        const { member, username } = await addMember(ctx, {
          farm: requireFarm(request).farm,
          userId: request.body.userId,
          role: request.body.role,
        });
        return reply.status(201).send(presentMember(member, username));
      },
    );

    app.delete(
      '/api/farms/:id/members/:userId',
      {
        // Any member reaches the service (a member may leave); farms.policy decides who may remove whom.
        config: { access: 'user', farm: 'farm.read' },
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
          access: requireFarm(request),
          actor: requireUser(request),
          userId: request.params.userId,
        });
        return reply.status(204).send(null);
      },
    );
  };
}
