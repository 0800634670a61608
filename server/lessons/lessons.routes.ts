// The Learning Center's reading routes: published lessons (filtered, or those fitting the reader's crops now), one
// lesson, and the reader's progress.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZLesson,
  ZLessonProgressInput,
  ZLessonSlugParams,
  ZLessonsAnswer,
  ZLessonsQuery,
} from '../../contract/lessons';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { getLesson, lessonsAnswer, markProgress } from './lessons.service';

const tags = ['lessons'];
const errors = errorResponses(400, 401, 403, 404);

export function lessonsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/lessons',
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: ZLessonsQuery,
          response: { 200: ZLessonsAnswer, ...errors },
        },
      },
      async (request, reply) =>
        sendJson(reply, await lessonsAnswer(ctx, requireUser(request), request.query)),
    );

    app.get(
      '/api/lessons/:slug',
      {
        config: { access: 'user' },
        schema: { tags, params: ZLessonSlugParams, response: { 200: ZLesson, ...errors } },
      },
      async (request) => getLesson(ctx, requireUser(request), request.params.slug),
    );

    app.post(
      '/api/lessons/:slug/progress',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZLessonSlugParams,
          body: ZLessonProgressInput,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await markProgress(ctx, requireUser(request), request.params.slug, request.body.finished);
        return reply.code(204).send(null);
      },
    );
  };
}
