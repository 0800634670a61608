// Writing and reviewing lessons, and naming the experts who do it with the managers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZLessonDraft,
  ZLessonDraftList,
  ZLessonExpertParams,
  ZLessonExperts,
  ZLessonReviewInput,
  ZLessonVersions,
} from '../../contract/lesson-authoring';
import { ZLessonContent, ZLessonPatch, ZLessonSlugParams } from '../../contract/lessons';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { notFound } from '../http/errors';
import {
  createLesson,
  getDraft,
  lessonVersions,
  listDrafts,
  patchLesson,
  reviewLesson,
  submitLesson,
} from './authoring.service';
import { listExperts, nameExpert, removeExpert } from './experts.repo';

const tags = ['lessons'];
const errors = errorResponses(400, 401, 403, 404, 409);

function expertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const access = 'lessons.experts' as const;
    app.get(
      '/api/lesson-experts',
      { config: { access }, schema: { tags, response: { 200: ZLessonExperts, ...errors } } },
      async () => ({
        data: (await listExperts(ctx.db)).map((e) => ({ ...e, namedAt: e.namedAt.toISOString() })),
      }),
    );
    app.put(
      '/api/lesson-experts/:userId',
      {
        config: { access },
        schema: { tags, params: ZLessonExpertParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        if (!(await nameExpert(ctx.db, request.params.userId, requireUser(request).id))) {
          throw notFound('lessons.errors.notExpertUser');
        }
        return reply.code(204).send(null);
      },
    );
    app.delete(
      '/api/lesson-experts/:userId',
      {
        config: { access },
        schema: { tags, params: ZLessonExpertParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await removeExpert(ctx.db, request.params.userId);
        return reply.code(204).send(null);
      },
    );
  };
}

export function authoringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: 'user' } as const;
    app.get(
      '/api/lesson-drafts',
      { config, schema: { tags, response: { 200: ZLessonDraftList, ...errors } } },
      async (request) => listDrafts(ctx, requireUser(request)),
    );
    app.post(
      '/api/lessons',
      { config, schema: { tags, body: ZLessonContent, response: { 201: ZLessonDraft, ...errors } } },
      async (request, reply) =>
        reply.code(201).send(await createLesson(ctx, requireUser(request), request.body)),
    );
    app.get(
      '/api/lessons/:slug/draft',
      { config, schema: { tags, params: ZLessonSlugParams, response: { 200: ZLessonDraft, ...errors } } },
      async (request) => getDraft(ctx, requireUser(request), request.params.slug),
    );
    app.patch(
      '/api/lessons/:slug',
      {
        config,
        schema: {
          tags,
          params: ZLessonSlugParams,
          body: ZLessonPatch,
          response: { 200: ZLessonDraft, ...errors },
        },
      },
      async (request) => patchLesson(ctx, requireUser(request), request.params.slug, request.body),
    );
    app.post(
      '/api/lessons/:slug/submit',
      { config, schema: { tags, params: ZLessonSlugParams, response: { 200: ZLessonDraft, ...errors } } },
      async (request) => submitLesson(ctx, requireUser(request), request.params.slug),
    );
    app.post(
      '/api/lessons/:slug/review',
      {
        config,
        schema: {
          tags,
          params: ZLessonSlugParams,
          body: ZLessonReviewInput,
          response: { 200: ZLessonDraft, ...errors },
        },
      },
      async (request) => reviewLesson(ctx, requireUser(request), request.params.slug, request.body),
    );
    app.get(
      '/api/lessons/:slug/versions',
      { config, schema: { tags, params: ZLessonSlugParams, response: { 200: ZLessonVersions, ...errors } } },
      async (request) => lessonVersions(ctx, requireUser(request), request.params.slug),
    );
    await app.register(expertRoutes(ctx));
  };
}
