// What the SMS and WhatsApp providers call: Africa's Talking's delivery reports (a form, with our key since it is
// not signed) and the WhatsApp webhook (a verification handshake, then events signed over the raw body).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { parseSmsDeliveryReport } from '../channels/at-sms';
import { installFormParser, sameSecret } from '../channels/callback-form';
import { hubSignatureValid } from '../channels/hub-signature';
import { parseWhatsAppWebhook } from '../channels/whatsapp-cloud';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../http/json-parser';
import { inboundMessage } from './hooks';
import { applyDeliveryReport, recordInbound } from './provider-callbacks.service';

/** WhatsApp's error for free text outside the 24-hour window (it may come later, as a failed status). */
const OUTSIDE_WINDOW = 131047;

const notConfigured = () => new AppError('notFound', 'errors.notFound');

/** In these plugins only: forms are read, and JSON is kept raw so the WhatsApp signature is checked on its bytes. */
function readCallbackBodies(app: FastifyInstance): void {
  installFormParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

/** Africa's Talking's SMS delivery reports (a form, with our key since it is not signed). */
export function providerCallbackRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    readCallbackBodies(app);

    app.post(
      '/api/channels/sms/status',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const sms = ctx.config.channels.sms;
        if (!sms?.callbackKey) {
          throw notConfigured();
        }
        if (!sameSecret((request.query as Record<string, unknown>).key, sms.callbackKey)) {
          throw new AppError('unauthorized', 'errors.unauthorized');
        }
        const form = request.body;
        const report =
          form && typeof form === 'object' && !Buffer.isBuffer(form)
            ? parseSmsDeliveryReport(form as Record<string, string>)
            : null;
        if (!report) {
          throw new AppError('badRequest', 'errors.badRequest');
        }
        await applyDeliveryReport(ctx.db, {
          eventKey: `sms:status:${report.messageId}:${report.providerStatus}`,
          channel: 'sms',
          providerMessageId: report.messageId,
          recipient: report.phoneNumber,
          status: report.status,
          // Named as the send path names AT's reasons, so the settings screen reads it as the provider's.
          error: report.failureReason === null ? null : `AT: ${report.failureReason}`,
        });
        return reply.code(200).send();
      },
    );
  };
}

/** WhatsApp's webhook: the verification handshake, then events signed over the raw body. */
export function whatsAppCallbackRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    readCallbackBodies(app);

    app.get(
      '/api/channels/whatsapp/webhook',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const verifyToken = ctx.config.channels.whatsapp?.verifyToken;
        if (!verifyToken) {
          throw notConfigured();
        }
        const query = request.query as Record<string, unknown>;
        const challenge = query['hub.challenge'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          !sameSecret(query['hub.verify_token'], verifyToken) ||
          typeof challenge !== 'string'
        ) {
          throw new AppError('forbidden', 'errors.forbidden');
        }
        return reply.type('text/plain; charset=utf-8').send(challenge.slice(0, 200));
      },
    );

    app.post(
      '/api/channels/whatsapp/webhook',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const secret = ctx.config.channels.whatsapp?.appSecret;
        if (!secret) {
          throw notConfigured();
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        const signature = request.headers['x-hub-signature-256'];
        if (!raw || !hubSignatureValid(raw, typeof signature === 'string' ? signature : undefined, secret)) {
          throw new AppError('unauthorized', 'errors.badSignature');
        }
        const events = parseWhatsAppWebhook(parseJson(raw.toString('utf8')));
        for (const status of events.statuses) {
          await applyDeliveryReport(ctx.db, {
            eventKey: `whatsapp:status:${status.messageId}:${status.status}`,
            channel: 'whatsapp',
            providerMessageId: status.messageId,
            recipient: status.recipient,
            status: status.status,
            error:
              status.errorCode === null
                ? null
                : `WhatsApp ${status.errorCode}: ${status.errorTitle ?? ''}`.trim(),
            outsideWindow: status.errorCode === OUTSIDE_WINDOW,
          });
        }
        for (const message of events.messages) {
          const first = await recordInbound(ctx.db, {
            id: message.id,
            channel: 'whatsapp',
            from: message.from,
            text: message.text,
          });
          if (first) {
            await inboundMessage.call(
              ctx,
              { channel: 'whatsapp', from: message.from, text: message.text },
              request.log,
            );
          }
        }
        return reply.code(200).send();
      },
    );
  };
}

/** The signed body as JSON, refusing nesting past the API's depth (linear, like every other body). */
function parseJson(text: string): unknown {
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError('badRequest', 'errors.tooDeep', { max: MAX_JSON_DEPTH });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('badRequest', 'errors.badRequest');
  }
}
