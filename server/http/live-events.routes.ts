// GET /api/events: a Server-Sent Events stream of the live changes a signed-in user may read.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER } from '../../contract/events';
import { forRecipient, reaches } from '../events/audience';
import type { EventBus } from '../events/bus';
import { AppError } from './errors';

/** Whether the session a stream was opened with still signs in its user (not signed out, expired or ended). */
export type SessionStillValid = (request: FastifyRequest) => Promise<boolean>;

/**
 * A stream lives only as long as its session: it is checked again whenever its user's sessions may have changed
 * (the 'user' event every instance hears for a sign-out, a password change or sessions ended elsewhere) and at
 * each heartbeat (a session that simply expires publishes nothing), and ended as soon as the session is gone.
 */
export function eventsRoutes(app: FastifyInstance, bus: EventBus, sessionValid: SessionStillValid): void {
  const openStreams = new Map<number, number>();
  const responses = new Set<ServerResponse>();
  // Streams never end on their own: close them so a graceful shutdown does not wait forever.
  app.addHook('preClose', async () => {
    for (const res of responses) {
      res.end();
    }
  });

  app.get('/api/events', { config: { access: 'user' }, schema: { hide: true } }, (request, reply) => {
    const user = request.user;
    if (!user) {
      throw new AppError('unauthorized', 'errors.unauthorized');
    }
    const open = openStreams.get(user.id) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) {
      throw new AppError('rateLimited', 'errors.tooManyStreams', {}, { 'retry-after': '30' });
    }
    openStreams.set(user.id, open + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    responses.add(res);
    let closed = false;
    const endIfSignedOut = () => {
      sessionValid(request).then(
        (valid) => {
          if (!valid && !closed) {
            res.end();
          }
        },
        // The check could not be made (database unreachable): keep the stream, the next check decides.
        () => undefined,
      );
    };
    // Each event reaches only its audience, and carries no one's audience: type and id say what to refetch.
    const unsubscribe = bus.subscribe((event, to) => {
      if (closed || !reaches(to, user.id)) {
        return;
      }
      res.write(`event: change\ndata: ${JSON.stringify(forRecipient(event, user.id))}\n\n`);
      if (event.type === 'user' && (event.userId ?? event.id) === user.id) {
        endIfSignedOut();
      }
    });
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      endIfSignedOut();
    }, HEARTBEAT_MS);
    const close = () => {
      if (closed) {
        return;
      }
      closed = true;
      clearInterval(heartbeat);
      responses.delete(res);
      unsubscribe();
      const left = (openStreams.get(user.id) ?? 1) - 1;
      if (left <= 0) {
        openStreams.delete(user.id);
      } else {
        openStreams.set(user.id, left);
      }
    };
    request.raw.on('close', close);
    res.on('finish', close);
  });
}
