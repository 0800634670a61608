// Routes of events people meet at: list, announce, read, change or cancel, .ics, answer, who answered, check-ins,
// minutes; and each user's calendar feed (its address made, revoked, and read without sign-in: the token is the key).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAttendee,
  ZAttendees,
  ZCalendarEvent,
  ZCalendarEvents,
  ZCalendarFeed,
  ZCalendarInput,
  ZCalendarPatch,
  ZCalendarQuery,
  ZCheckInInput,
  ZMinutesInput,
  ZRsvpInput,
} from '../../contract/calendar';
import { ZIdParams } from '../../contract/common';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { FixedWindowLimiter } from '../http/rate-limit';
import { createEvent, listEvents, patchEvent, presentOne } from './calendar.service';
import { eventIcs, feedIcs, feedState, newFeed, revokeFeed } from './feed.service';
import { checkInAttendee, listAttendees, rsvp, writeMinutes } from './rsvp.service';

const tags = ['calendar'];
const errors = errorResponses(400, 401, 403, 404, 409);
const ICS_TYPE = 'text/calendar; charset=utf-8';
/** Feed reads per address a minute on one instance: a phone's calendar polls every few hours at most. */
const FEED_READS_PER_MINUTE = 30;

export function calendarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/calendar',
      {
        config: { access: 'user' },
        schema: { tags, querystring: ZCalendarQuery, response: { 200: ZCalendarEvents, ...errors } },
      },
      async (request) => ({ data: await listEvents(ctx, requireUser(request), request.query) }),
    );

    app.post(
      '/api/calendar',
      {
        config: { access: 'user' },
        schema: { tags, body: ZCalendarInput, response: { 201: ZCalendarEvent, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await createEvent(ctx, requireUser(request), request.body)),
    );

    app.get(
      '/api/calendar/:id',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: ZCalendarEvent, ...errors } },
      },
      async (request) => presentOne(ctx.db, requireUser(request), request.params.id),
    );

    app.patch(
      '/api/calendar/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: ZIdParams,
          body: ZCalendarPatch,
          response: { 200: ZCalendarEvent, ...errors },
        },
      },
      async (request) => patchEvent(ctx, requireUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/calendar/:id.ics',
      {
        config: { access: 'user' },
        schema: { tags, params: ZIdParams, response: { 200: z.string(), ...errors } },
      },
      async (request, reply) =>
        reply
          .type(ICS_TYPE)
          .header('content-disposition', `attachment; filename="event-${request.params.id}.ics"`)
          .send(await eventIcs(ctx, requireUser(request), request.params.id)),
    );
    attendanceRoutes(ctx, app);
    feedRoutes(ctx, app);
  };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

function attendanceRoutes(ctx: AppContext, app: App): void {
  app.post(
    '/api/calendar/:id/rsvp',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZRsvpInput, response: { 200: ZCalendarEvent, ...errors } },
    },
    async (request) => rsvp(ctx, requireUser(request), request.params.id, request.body.answer),
  );

  app.get(
    '/api/calendar/:id/attendees',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, response: { 200: ZAttendees, ...errors } },
    },
    async (request) => ({ data: await listAttendees(ctx, requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/calendar/:id/check-ins',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZCheckInInput, response: { 200: ZAttendee, ...errors } },
    },
    async (request) => checkInAttendee(ctx, requireUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/calendar/:id/minutes',
    {
      config: { access: 'user' },
      schema: { tags, params: ZIdParams, body: ZMinutesInput, response: { 200: ZCalendarEvent, ...errors } },
    },
    async (request) => writeMinutes(ctx, requireUser(request), request.params.id, request.body.minutes),
  );
}

function feedRoutes(ctx: AppContext, app: App): void {
  const feedReads = new FixedWindowLimiter(FEED_READS_PER_MINUTE, 60_000);
  app.get(
    '/api/calendar/feed',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZCalendarFeed, ...errors } } },
    async (request) => feedState(ctx, requireUser(request)),
  );

  app.post(
    '/api/calendar/feed',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZCalendarFeed, ...errors } } },
    async (request) => newFeed(ctx, requireUser(request)),
  );

  app.delete(
    '/api/calendar/feed',
    { config: { access: 'user' }, schema: { tags, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await revokeFeed(ctx, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  // No sign-in: a phone's calendar app fetches it. An unknown or revoked token is the same 404 as any.
  app.get(
    '/api/calendar/feed/:token.ics',
    {
      config: { access: 'public' },
      onRequest: async (request) => feedReads.hit(request.ip),
      schema: {
        tags,
        // Any token that is not one answers the same 404 (a malformed one too: nothing is learnt from the answer).
        params: z.object({ token: z.string().max(64) }),
        response: { 200: z.string(), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const ics = await feedIcs(ctx, request.params.token);
      if (ics === null) {
        throw new AppError('notFound', 'calendar.errors.notFound');
      }
      return reply.type(ICS_TYPE).header('cache-control', 'private, no-store').send(ics);
    },
  );
}
