// Routes for the network: the feed, posts, comments, reactions and connections. Thin: validate → service → present.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../contract/common';
import {
  ZComment,
  ZCommentInput,
  ZConnection,
  ZConnectionInput,
  ZConnections,
  ZConnectionUpdate,
  ZPost,
  ZPostInput,
  ZPostsQuery,
  ZReactionInput,
  ZReactionResult,
} from '../../contract/network';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { setNextCursor } from '../http/pagination';
import { createConnectionsService } from './connections.service';
import { createPostsService } from './posts.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null() };

export function networkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const posts = createPostsService(ctx);
  const connections = createConnectionsService(ctx);
  return async (app) => {
    app.get(
      '/api/posts',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          description:
            'Newest first. The next page: `?cursor=` the `X-Next-Cursor` header (absent on the last).',
          querystring: ZPostsQuery,
          response: { 200: z.array(ZPost), ...errors },
        },
      },
      async (request, reply) => {
        const { body, nextCursor } = await posts.feed(requireUser(request), request.query);
        setNextCursor(reply, nextCursor);
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/posts',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], body: ZPostInput, response: { 201: ZPost, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await posts.create(requireUser(request), request.body)),
    );

    app.delete(
      '/api/posts/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await posts.remove(requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/posts/:id/comments',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          params: ZIdParams,
          body: ZCommentInput,
          response: { 201: ZComment, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await posts.comment(requireUser(request), request.params.id, request.body.content)),
    );

    app.delete(
      '/api/comments/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await posts.removeComment(requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/posts/:id/react',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          description: "Toggles the caller's reaction of this type; answers the post's new counts.",
          params: ZIdParams,
          body: ZReactionInput,
          response: { 200: ZReactionResult, ...errors },
        },
      },
      async (request) => posts.react(requireUser(request), request.params.id, request.body.type),
    );

    app.get(
      '/api/connections',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], response: { 200: ZConnections, ...errors } },
      },
      async (request) => connections.list(requireUser(request)),
    );

    app.post(
      '/api/connections',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], body: ZConnectionInput, response: { 201: ZConnection, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await connections.ask(requireUser(request), request.body.userId)),
    );

    app.patch(
      '/api/connections/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          params: ZIdParams,
          body: ZConnectionUpdate,
          response: { 200: ZConnection, ...errors },
        },
      },
      async (request) => connections.answer(requireUser(request), request.params.id, request.body.status),
    );

    app.delete(
      '/api/connections/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await connections.remove(requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
