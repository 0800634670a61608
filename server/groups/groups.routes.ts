// Routes of groups, their members and their feed. Each is open to signed-in users; the services read the caller's
// membership at each request and answer 404 for what they may not read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import { MAX_INT4 } from '../../contract/constants';
import {
  ZGroup,
  ZGroupComment,
  ZGroupCommentInput,
  ZGroupInput,
  ZGroupList,
  ZGroupPatch,
  ZGroupPost,
  ZGroupPostInput,
  ZGroupQuery,
  ZMember,
  ZMemberDecision,
  ZMemberInput,
  ZMemberQuery,
  ZMemberRole,
} from '../../contract/groups';
import { ZPageQuery } from '../../contract/pagination';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { setNextCursor } from '../http/pagination';
import { feedPage, writeComment, writePost } from './feed.service';
import { ZFeedPage } from './feed-cache';
import { canOf, groupForReading } from './group-access';
import { presentGroup, presentMember } from './groups.present';
import { memberPage } from './groups.repo';
import {
  addMember,
  changeGroup,
  createGroup,
  decideMember,
  getGroup,
  groupsAnswer,
  removeMember,
  setMemberRole,
} from './groups.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['groups'];
const ZId = z.coerce.number().int().positive().max(MAX_INT4);
const ZMemberParams = z.object({ id: ZId, userId: ZId });
const ZPostParams = z.object({ id: ZId, postId: ZId });

export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/groups',
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: ZGroupQuery,
          response: { 200: ZGroupList, ...errors },
        },
      },
      async (request, reply) => {
        const page = await groupsAnswer(ctx, requireUser(request), request.query);
        setNextCursor(reply, page.next);
        return sendJson(reply, page.body);
      },
    );

    app.post(
      '/api/groups',
      {
        config: { access: 'user' },
        schema: { tags, body: ZGroupInput, response: { 201: ZGroup, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return reply.code(201).send(presentGroup(user, await createGroup(ctx, user, request.body)));
      },
    );

    app.get(
      '/api/groups/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZGroup, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentGroup(user, await getGroup(ctx, user, request.params.id));
      },
    );

    app.patch(
      '/api/groups/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, body: ZGroupPatch, response: { 200: ZGroup, ...errors } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentGroup(user, await changeGroup(ctx, user, request.params.id, request.body));
      },
    );

    membersRoutes(ctx, app);
    feedRoutes(ctx, app);
  };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

function membersRoutes(ctx: AppContext, app: App): void {
  app.get(
    '/api/groups/:id/members',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZMemberQuery,
        response: { 200: z.object({ data: z.array(ZMember) }), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const view = await groupForReading(ctx, user, request.params.id, 'read');
      const admin = canOf(user, view).manage;
      const rows = await memberPage(ctx.db, request.params.id, {
        status: request.query.status,
        activeOnly: !admin,
        cursor: request.query.cursor,
        limit: request.query.limit,
      });
      const page = rows.slice(0, request.query.limit);
      setNextCursor(reply, rows.length > request.query.limit ? (page.at(-1)?.member.userId ?? null) : null);
      return { data: page.map((m) => presentMember(m, admin)) };
    },
  );

  app.post(
    '/api/groups/:id/members',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZMemberInput, response: { 201: ZMember, ...errors } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const view = await addMember(ctx, user, request.params.id, request.body);
      return reply.code(201).send(presentMember(view, false));
    },
  );

  app.post(
    '/api/groups/:id/members/:userId/decision',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZMemberParams,
        body: ZMemberDecision,
        response: { 200: ZMember, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const view = await decideMember(ctx, requireUser(request), id, userId, request.body.accept);
      return view ? presentMember(view, false) : reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/groups/:id/members/:userId',
    {
      config: { access: 'user' },
      schema: { tags, params: ZMemberParams, body: ZMemberRole, response: { 200: ZMember, ...errors } },
    },
    async (request) => {
      const { id, userId } = request.params;
      return presentMember(
        await setMemberRole(ctx, requireUser(request), id, userId, request.body.role),
        true,
      );
    },
  );

  app.delete(
    '/api/groups/:id/members/:userId',
    {
      config: { access: 'user' },
      schema: { tags, params: ZMemberParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeMember(ctx, requireUser(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
}

function feedRoutes(ctx: AppContext, app: App): void {
  app.get(
    '/api/groups/:id/posts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZFeedPage, ...errors },
      },
    },
    async (request, reply) => {
      const page = await feedPage(ctx, requireUser(request), request.params.id, request.query);
      setNextCursor(reply, page.next);
      return sendJson(reply, page.body);
    },
  );

  app.post(
    '/api/groups/:id/posts',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZGroupPostInput, response: { 201: ZGroupPost, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await writePost(ctx, requireUser(request), request.params.id, request.body.body)),
  );

  app.post(
    '/api/groups/:id/posts/:postId/comments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ZPostParams,
        body: ZGroupCommentInput,
        response: { 201: ZGroupComment, ...errors },
      },
    },
    async (request, reply) => {
      const { id, postId } = request.params;
      return reply
        .code(201)
        .send(await writeComment(ctx, requireUser(request), id, postId, request.body.body));
    },
  );
}
