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
  ZNetworkOverview,
  ZPost,
  ZPostInput,
  ZPostsQuery,
  ZReactionInput,
  ZReactionResult,
} from '../../contract/network';
import { PHOTO_TYPES, ZPhotoHash } from '../../contract/photos';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { setNextCursor } from '../http/pagination';
import { answerConnection, askConnection, listConnections, removeConnection } from './connections.service';
import { feedBody } from './feed-cache';
import {
  presentComment,
  presentConnection,
  presentPost,
  summariseReactions,
  viewerOf,
} from './network.present';
import { networkOverview } from './overview.service';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  listFeed,
  reactToPost,
  sendPostPhoto,
} from './posts.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null() };

export function networkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
        const viewer = viewerOf(requireUser(request));
        const { page, nextCursor } = await listFeed(ctx, request.query);
        setNextCursor(reply, nextCursor);
        return sendJson(reply, feedBody(page, viewer));
      },
    );

    app.post(
      '/api/posts',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          body: ZPostInput,
          response: { 201: ZPost, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const viewer = requireUser(request);
        const post = await createPost(ctx, { ...request.body, viewer });
        return reply
          .status(201)
          .send(presentPost(post, viewerOf(viewer), { comments: [], tallies: [], photos: post.photos }));
      },
    );

    // A post's picture or thumbnail: its content hash is in the address, so the answer is cached for a year.
    app.get(
      '/api/posts/:id/photos/:hash',
      {
        config: { access: 'user' },
        schema: {
          tags: ['network'],
          params: ZIdParams.extend({ hash: ZPhotoHash }),
          produces: [...PHOTO_TYPES],
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        requireUser(request);
        await sendPostPhoto(ctx, reply, { id: request.params.id, hash: request.params.hash });
        return reply;
      },
    );

    app.delete(
      '/api/posts/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await deletePost(ctx, { viewer: requireUser(request), id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}

/** Routes of a post's comments and reactions. */
export function commentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
      async (request, reply) => {
        const viewer = requireUser(request);
        const comment = await addComment(ctx, {
          viewer,
          postId: request.params.id,
          content: request.body.content,
        });
        return reply.status(201).send(presentComment(comment, viewerOf(viewer)));
      },
    );

    app.delete(
      '/api/comments/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await deleteComment(ctx, { viewer: requireUser(request), id: request.params.id });
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
      async (request) => {
        const { tallies, ...reaction } = await reactToPost(ctx, {
          viewer: requireUser(request),
          postId: request.params.id,
          type: request.body.type,
        });
        return { ...reaction, ...summariseReactions(tallies) };
      },
    );
  };
}

/** Routes of the caller's network overview and connections. */
export function connectionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/network/overview',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], response: { 200: ZNetworkOverview, ...errors } },
      },
      async () => networkOverview(ctx),
    );

    app.get(
      '/api/connections',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], response: { 200: ZConnections, ...errors } },
      },
      async (request) => {
        const { followers, following } = await listConnections(ctx, { viewer: requireUser(request) });
        return { followers: followers.map(presentConnection), following: following.map(presentConnection) };
      },
    );

    app.post(
      '/api/connections',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], body: ZConnectionInput, response: { 201: ZConnection, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            presentConnection(
              await askConnection(ctx, { viewer: requireUser(request), userId: request.body.userId }),
            ),
          ),
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
      async (request) =>
        presentConnection(
          await answerConnection(ctx, {
            viewer: requireUser(request),
            id: request.params.id,
            status: request.body.status,
          }),
        ),
    );

    app.delete(
      '/api/connections/:id',
      {
        config: { access: 'user' },
        schema: { tags: ['network'], params: ZIdParams, response: { ...noContent, ...errors } },
      },
      async (request, reply) => {
        await removeConnection(ctx, { viewer: requireUser(request), id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
