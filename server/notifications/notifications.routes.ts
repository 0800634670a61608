// Routes of notifications: the caller's own, newest first; the unread count; marking read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMarkRead,
  ZNotification,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZNotificationPreferencesUpdate,
  ZUnreadCount,
} from '../../contract/notifications';
import type { AppContext } from '../context';
import { requireUser } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { sendJson } from '../http/json-body';
import { paginate, setNextCursor } from '../http/pagination';
import { presentNotification } from './notifications.present';
import { linkOf, listNotifications } from './notifications.repo';
import { markNotificationsRead } from './notifications.service';
import { getPreferences, updatePreferences } from './preferences.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['notifications'];

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: ZNotificationListQuery,
          response: { 200: z.array(ZNotification), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { limit, cursor } = request.query;
        if (cursor === undefined) {
          // The first page, held per user until their next notification event.
          const { body, next } = await ctx.inbox.firstPage(user.id, user.language, limit);
          setNextCursor(reply, next);
          return sendJson(reply, body);
        }
        const rows = await listNotifications(ctx.db, user.id, limit, cursor);
        const { items, next } = paginate(rows, limit, (r) => r.id);
        setNextCursor(reply, next);
        return items.map((row) => presentNotification(row, user.language));
      },
    );

    app.get(
      '/api/notifications/unread-count',
      { config: { access: 'user' }, schema: { tags, response: { 200: ZUnreadCount, ...errors } } },
      async (request, reply) => sendJson(reply, await ctx.inbox.unreadBody(requireUser(request).id)),
    );

    app.post(
      '/api/notifications/read',
      {
        config: { access: 'user' },
        schema: { tags, body: ZMarkRead, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        const body = request.body;
        await markNotificationsRead(ctx, {
          user: requireUser(request),
          ids: 'all' in body ? 'all' : body.ids,
        });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/notification-preferences',
      {
        config: { access: 'user' },
        schema: { tags, response: { 200: ZNotificationPreferences, ...errors } },
      },
      async (request) => getPreferences(ctx.db, requireUser(request).id),
    );

    app.put(
      '/api/notification-preferences',
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: ZNotificationPreferencesUpdate,
          response: { 200: ZNotificationPreferences, ...errors },
        },
      },
      async (request) => updatePreferences(ctx, requireUser(request), request.body),
    );

    // The short link in an SMS or WhatsApp message: to the thing the notification is about (a path in the app,
    // which asks the reader to sign in as usual); anything unknown goes home.
    app.get(
      '/n/:code',
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ code: z.string().max(12) }) },
      },
      async (request, reply) => {
        const id = /^[0-9a-z]{1,7}$/.test(request.params.code)
          ? Number.parseInt(request.params.code, 36)
          : null;
        const link = id === null ? null : await linkOf(ctx.db, id);
        return reply.redirect(link ?? '/', 302);
      },
    );
  };
}
