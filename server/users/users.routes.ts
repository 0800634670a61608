// Routes for the users directory, roles, profiles, achievements, the dashboard and saved searches.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACHIEVEMENT_CODES } from '../../contract/achievements';
import { ZIdParams } from '../../contract/common';
import type { Language } from '../../contract/constants';
import { TOTAL_COUNT_HEADER } from '../../contract/constants';
import {
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
import {
  presentAchievementDefinition,
  presentAchievements,
  presentDirectoryUser,
  presentEnhancedProfile,
  presentFarmerProfile,
  presentPublicProfile,
  presentSavedSearch,
} from './users.present';
import {
  changeUserRole,
  deleteSavedSearch,
  type FarmerProfile,
  getEnhancedProfile,
  getProfile,
  getUserDetail,
  listDirectory,
  listSavedSearches,
  saveSearch,
  updateEnhancedProfile,
  updateProfile,
} from './users.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const presentProfile = (found: FarmerProfile, lang: Language) => ({
  profile: presentFarmerProfile(found.profile, found.totalSalesCents),
  achievements: presentAchievements(found.achievements, lang),
});

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
        const page = await listDirectory(ctx, { ...request.query, viewer: requireUser(request) });
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        setNextCursor(reply, page.nextCursor);
        return page.users.map((u) => presentDirectoryUser(u.user, u.withContact));
      },
    );

    app.get(
      '/api/users/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], params: ZIdParams, response: { 200: ZUserDetail, ...errors } },
      },
      async (request) => {
        const found = await getUserDetail(ctx, { viewer: requireUser(request), id: request.params.id });
        return {
          ...presentDirectoryUser(found.user, found.withContact),
          profile: presentPublicProfile(found.profile),
          achievements: presentAchievements(found.achievements, requestLanguage(request)),
        };
      },
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
      async (request) => {
        const changed = await changeUserRole(ctx, {
          actor: requireUser(request),
          id: request.params.id,
          role: request.body.role,
        });
        return presentDirectoryUser(changed.user, changed.withContact);
      },
    );
  };
}

/** Routes of the caller's profile, enhanced profile and achievements. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: ZProfileResponse, ...errors } },
      },
      async (request) =>
        presentProfile(await getProfile(ctx, { userId: requireUser(request).id }), requestLanguage(request)),
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
      async (request) =>
        presentProfile(
          await updateProfile(ctx, { userId: requireUser(request).id, changes: request.body }),
          requestLanguage(request),
        ),
    );

    app.get(
      '/api/enhanced-profile',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], response: { 200: ZEnhancedProfile, ...errors } },
      },
      async (request) =>
        presentEnhancedProfile(await getEnhancedProfile(ctx, { userId: requireUser(request).id })),
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
      async (request) =>
        presentEnhancedProfile(
          await updateEnhancedProfile(ctx, { userId: requireUser(request).id, changes: request.body }),
        ),
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
  };
}

/** Routes of a buyer's saved searches. */
export function savedSearchesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/saved-searches',
      {
        config: { access: 'savedSearches.manage' },
        schema: { tags: ['users'], response: { 200: z.array(ZSavedSearch), ...errors } },
      },
      async (request) =>
        (await listSavedSearches(ctx, { userId: requireUser(request).id })).map(presentSavedSearch),
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
        reply
          .status(201)
          .send(
            presentSavedSearch(await saveSearch(ctx, { ...request.body, userId: requireUser(request).id })),
          ),
    );

    app.delete(
      '/api/saved-searches/:id',
      {
        config: { access: 'savedSearches.manage' },
        schema: { tags: ['users'], params: ZIdParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await deleteSavedSearch(ctx, { userId: requireUser(request).id, id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
