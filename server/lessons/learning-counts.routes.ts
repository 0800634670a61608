// Counts of lessons opened and finished among a co-operative's members (for its admins) and an agent's farmers (for
// the agent), never who; and the reader's choice to be counted. Who may read which counts is the groups' and the
// agents' answer (through their faces), asked by the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../contract/common';
import { ZLearningCounts, ZLessonPrivacy } from '../../contract/lesson-counts';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { agentLearning, chooseLessonPrivacy, coopLearning, lessonPrivacyOf } from './learning-counts.service';

const tags = ['lessons'];
const errors = errorResponses(400, 401, 403, 404);

export function learningCountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/groups/:id/learning',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZLearningCounts, ...errors } },
      },
      async (request) => coopLearning(ctx, requireUser(request), request.params.id),
    );

    app.get(
      '/api/agents/learning',
      {
        config: { access: 'lessons.agentCounts' },
        schema: { tags, response: { 200: ZLearningCounts, ...errors } },
      },
      async (request) => agentLearning(ctx, requireUser(request)),
    );

    app.get(
      '/api/lessons/privacy',
      { config: { access: 'user' }, schema: { tags, response: { 200: ZLessonPrivacy, ...errors } } },
      async (request) => lessonPrivacyOf(ctx, requireUser(request)),
    );

    app.put(
      '/api/lessons/privacy',
      {
        config: { access: 'user' },
        schema: { tags, body: ZLessonPrivacy, response: { 200: ZLessonPrivacy, ...errors } },
      },
      async (request) => chooseLessonPrivacy(ctx, requireUser(request), request.body),
    );
  };
}
