// Routes for the users directory, roles, profiles, achievements, the dashboard and saved searches.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACHIEVEMENT_CODES } from '../../contract/achievements';
import { ZIdParams } from '../../contract/common';
import {
  TOTAL_COUNT_HEADER,
  ZAchievement,
  ZDirectoryUser,
  ZEnhancedProfile,
  ZEnhancedProfileUpdate,
  ZProfileResponse,
  ZProfileUpdate,
  ZRoleUpdate,
  ZSavedSearch,
  ZSavedSearchInput,
  ZUserDetail,
  ZUsersQuery,
} from '../../contract/users';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { requestLanguage } from '../http/i18n';
import { setNextCursor } from '../http/pagination';
import { presentAchievementDefinition } from './users.present';
import { createUsersService } from './users.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const users = createUsersService(ctx);
  return async (app) => {
    app.get(
      '/api/users',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          querystring: ZUsersQuery,
          response: { 200: z.array(ZDirectoryUser), ...errors },
        },
      },
      async (request, reply) => {
        const page = await users.directory(requireUser(request), request.query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        setNextCursor(reply, page.nextCursor);
        return page.users;
      },
    );

    app.get(
      '/api/users/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], params: ZIdParams, response: { 200: ZUserDetail, ...errors } },
      },
      async (request) => users.userDetail(requireUser(request), request.params.id, requestLanguage(request)),
    );

    app.patch(
      '/api/users/:id/role',
      {
        config: { access: 'users.setRole' },
        schema: {
          tags: ['users'],
          params: ZIdParams,
          body: ZRoleUpdate,
          response: { 200: ZDirectoryUser, ...errors },
        },
      },
      async (request) => users.changeRole(requireUser(request), request.params.id, request.body.role),
    );

    app.get(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: ZProfileResponse, ...errors } },
      },
      async (request) => users.profile(requireUser(request).id, requestLanguage(request)),
    );

    app.put(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          body: ZProfileUpdate,
          response: { 200: ZProfileResponse, ...errors },
        },
      },
      async (request) => users.updateProfile(requireUser(request).id, request.body, requestLanguage(request)),
    );

    app.get(
      '/api/enhanced-profile',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: ZEnhancedProfile, ...errors } },
      },
      async (request) => users.enhancedProfile(requireUser(request).id),
    );

    app.put(
      '/api/enhanced-profile',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          body: ZEnhancedProfileUpdate,
          response: { 200: ZEnhancedProfile, ...errors },
        },
      },
      async (request) => users.updateEnhancedProfile(requireUser(request).id, request.body),
    );

    app.get(
      '/api/achievements',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: z.array(ZAchievement), ...errors } },
      },
      async (request) =>
        ACHIEVEMENT_CODES.map((code) => presentAchievementDefinition(code, requestLanguage(request))),
    );

    app.get(
      '/api/saved-searches',
      {
        config: { access: 'savedSearches.manage' },
        schema: { tags: ['users'], response: { 200: z.array(ZSavedSearch), ...errors } },
      },
      async (request) => users.savedSearches(requireUser(request).id),
    );

    app.post(
      '/api/saved-searches',
      {
        config: { access: 'savedSearches.manage' },
        schema: {
          tags: ['users'],
          body: ZSavedSearchInput,
          response: { 201: ZSavedSearch, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.saveSearch(requireUser(request).id, request.body)),
    );

    app.delete(
      '/api/saved-searches/:id',
      {
        config: { access: 'savedSearches.manage' },
        schema: { tags: ['users'], params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await users.deleteSearch(requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
