// Routes of notifications: the caller's own, newest first; the unread count; marking read; the short links of
// SMS and WhatsApp messages.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEXT_PARAM, SHORT_LINK_PATH } from '../../contract/constants';
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
import { commodityCatalogue } from './hooks';
import { inboxCache } from './inbox-cache';
import { presentNotification } from './notifications.present';
import { markNotificationsRead, notificationsAfter, shortLinkTarget } from './notifications.service';
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
          const { body, next } = await inboxCache.of(ctx).firstPage(user.id, user.language, limit);
          setNextCursor(reply, next);
          return sendJson(reply, body);
        }
        const [rows, names] = await Promise.all([
          notificationsAfter(ctx, user.id, limit, cursor),
          commodityCatalogue.call(ctx),
        ]);
        const { items, next } = paginate(rows, limit, (r) => r.id);
        setNextCursor(reply, next);
        return items.map((row) => presentNotification(row, user.language, names));
      },
    );

    app.get(
      '/api/notifications/unread-count',
      { config: { access: 'user' }, schema: { tags, response: { 200: ZUnreadCount, ...errors } } },
      async (request, reply) => sendJson(reply, await inboxCache.of(ctx).unreadBody(requireUser(request).id)),
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
  };
}

/** Routes of the caller's notification preferences, and the short links texts carry. */
export function notificationSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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

    // The short link in an SMS or WhatsApp message (`/n/<token>`): to the thing the notification is about, for its
    // recipient only. Signed out: to sign-in, and back here after (whatever the token, so nothing is learnt). Signed
    // in as anyone else, or a token that is no one's (an old `/n/<id>` link too): the same 404 as any unknown page.
    app.get(
      `${SHORT_LINK_PATH}:token`,
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ token: z.string().max(64) }) },
      },
      async (request, reply) => {
        const { token } = request.params;
        // Each answer depends on who asks: never kept by a cache.
        reply.header('cache-control', 'private, no-store');
        if (!request.user) {
          const next = `${SHORT_LINK_PATH}${encodeURIComponent(token)}`;
          return reply.redirect(`/?${new URLSearchParams({ [NEXT_PARAM]: next })}`, 302);
        }
        const link = await shortLinkTarget(ctx, request.user.id, token);
        if (link === undefined) {
          // The app's page for an unknown address, with its status.
          return reply.code(404).callNotFound();
        }
        return reply.redirect(link ?? '/', 302);
      },
    );
  };
}
