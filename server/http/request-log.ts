// One log line per answered request, at `info`: what Fastify's request logging says in two lines (received, then
// answered), written once. Below `info` no hook is added, so a request pays nothing for a log it does not write.
import type { FastifyInstance } from 'fastify';

export function installRequestLog(app: FastifyInstance): void {
  if (!['trace', 'debug', 'info'].includes(app.log.level)) {
    return;
  }
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request answered',
    );
    done();
  });
}
