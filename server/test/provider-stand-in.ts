// A local stand-in for Africa's Talking SMS and the WhatsApp Cloud API, for tests: it checks requests the way
// the real services do, answers in their formats, records everything it receives, and can be scripted to fail
// (error statuses, refused recipients, answers that come too late or never).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hubSignature } from '../channels/hub-signature';

export interface RecordedSms {
  headers: Record<string, string>;
  form: Record<string, string>;
  /** The id the stand-in gave the message, null when it did not take it. */
  messageId: string | null;
}

export interface RecordedWhatsApp {
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  messageId: string | null;
}

export type StandInBehaviour =
  /** Answer this HTTP status (the body defaults to the provider's error format). */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** AT: a 201 whose Recipients[0] has this statusCode and status (e.g. 403 'InvalidPhoneNumber'). */
  | { atRecipientStatus: number; atStatus: string }
  /** WhatsApp: an error answer with this code (HTTP 400 unless told). */
  | { whatsappError: number; httpStatus?: number }
  /** Take the message (it is recorded with an id) but answer only after this long. */
  | { hangMs: number }
  /** Take the message, then close the connection without answering. */
  | { drop: true };

type Provider = 'sms' | 'whatsapp';

export interface ProviderStandIn {
  /** `http://127.0.0.1:<port>`: use as AT_BASE_URL and WHATSAPP_API_BASE. */
  url: string;
  sms: RecordedSms[];
  whatsapp: RecordedWhatsApp[];
  /** The secret the stand-in signs webhooks with (WHATSAPP_APP_SECRET). */
  appSecret: string;
  /** What the next requests to a provider get, in order, before normal answers resume. */
  script(provider: Provider, ...behaviours: StandInBehaviour[]): void;
  /** A webhook body as Meta would post it: the exact bytes and the headers, signature included. */
  signedWebhook(body: unknown): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

interface Answer {
  status: number;
  /** A string goes as text, anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
  messageId: string | null;
}

interface Received {
  provider: Provider;
  method: string;
  path: string;
  headers: Record<string, string>;
  raw: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The SMS provider's account as the tests configure it (the stand-in checks the key it is sent). */
export const STAND_IN_SMS = { username: 'terroir', apiKey: 'at-secret-key' } as const;

/** The app's settings for Africa's Talking pointed at the stand-in, with `callbackKey` on its callbacks. */
export function smsProviderEnv(stand: ProviderStandIn, callbackKey: string): Record<string, string> {
  return {
    AT_USERNAME: STAND_IN_SMS.username,
    AT_API_KEY: STAND_IN_SMS.apiKey,
    AT_BASE_URL: stand.url,
    AT_CALLBACK_KEY: callbackKey,
  };
}

export async function startProviderStandIn(options: { appSecret?: string } = {}): Promise<ProviderStandIn> {
  const appSecret = options.appSecret ?? 'stand-in-app-secret';
  const scripts: Record<Provider, StandInBehaviour[]> = { sms: [], whatsapp: [] };
  const timers = new Set<NodeJS.Timeout>();
  const sms: RecordedSms[] = [];
  const whatsapp: RecordedWhatsApp[] = [];

  const server = createServer((req, res) => {
    void receive(req).then((received) => {
      const behaviour = scripts[received.provider].shift();
      const normal = received.provider === 'sms' ? answerSms(received) : answerWhatsApp(received);
      // Hanging and dropping model a lost answer, not a lost message: the provider took it as usual.
      const taken = behaviour === undefined || 'hangMs' in behaviour || 'drop' in behaviour;
      const messageId = taken ? normal.messageId : null;
      const { path, headers, raw } = received;
      if (received.provider === 'sms') {
        sms.push({ headers, form: formOf(raw), messageId });
      } else {
        whatsapp.push({ path, headers, body: jsonOrText(raw), messageId });
      }
      if (behaviour && 'drop' in behaviour) {
        req.socket.destroy();
      } else if (behaviour && 'hangMs' in behaviour) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          reply(res, normal);
        }, behaviour.hangMs);
        timers.add(timer);
      } else {
        reply(res, behaviour ? scripted(received, behaviour) : normal);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sms,
    whatsapp,
    appSecret,
    script(provider, ...behaviours) {
      for (const behaviour of behaviours) {
        assertFor(provider, behaviour);
      }
      scripts[provider].push(...behaviours);
    },
    signedWebhook(body) {
      const payload = JSON.stringify(body);
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(payload, appSecret),
        },
      };
    },
    close() {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A behaviour meant for the other provider is a mistake in the test: say so at once. */
function assertFor(provider: Provider, behaviour: StandInBehaviour): void {
  if (
    (provider === 'sms' && 'whatsappError' in behaviour) ||
    (provider === 'whatsapp' && 'atStatus' in behaviour)
  ) {
    throw new Error(`stand-in: ${JSON.stringify(behaviour)} is not a ${provider} behaviour`);
  }
}

async function receive(req: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) {
      chunks.push(chunk as Buffer);
    }
  }
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
  return {
    provider: path.startsWith('/version1/') ? 'sms' : 'whatsapp',
    method: req.method ?? 'GET',
    path,
    headers,
    raw: Buffer.concat(chunks).toString('utf8'),
  };
}

function reply(res: ServerResponse, answer: Answer): void {
  if (res.writableEnded || res.destroyed || res.socket?.destroyed !== false) {
    return;
  }
  const text = typeof answer.body === 'string';
  res.writeHead(answer.status, {
    'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
    ...answer.headers,
  });
  res.end(text ? answer.body : JSON.stringify(answer.body));
}

function scripted(received: Received, behaviour: StandInBehaviour): Answer {
  if ('atRecipientStatus' in behaviour) {
    const to = formOf(received.raw).to ?? '';
    return {
      status: 201,
      body: atAnswer([{ number: to, statusCode: behaviour.atRecipientStatus, status: behaviour.atStatus }]),
      messageId: null,
    };
  }
  if ('whatsappError' in behaviour) {
    return {
      status: behaviour.httpStatus ?? 400,
      body: whatsAppError(behaviour.whatsappError),
      messageId: null,
    };
  }
  if ('status' in behaviour) {
    const body =
      behaviour.body ??
      (received.provider === 'sms'
        ? (STATUS_CODES[behaviour.status] ?? 'Error')
        : whatsAppError(defaultWhatsAppCode(behaviour.status)));
    return { status: behaviour.status, body, headers: behaviour.headers, messageId: null };
  }
  throw new Error('stand-in: hang and drop are handled before answering');
}

// ---- Africa's Talking -----------------------------------------------------------------------------------------

function answerSms(received: Received): Answer {
  if (received.method !== 'POST' || received.path !== '/version1/messaging') {
    return { status: 404, body: 'Not Found', messageId: null };
  }
  if (!received.headers.apikey) {
    return { status: 401, body: 'The supplied authentication is invalid', messageId: null };
  }
  if (!received.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return { status: 400, body: 'Request body must be application/x-www-form-urlencoded', messageId: null };
  }
  const form = formOf(received.raw);
  const missing = ['username', 'to', 'message'].find((field) => !form[field]);
  if (missing) {
    return { status: 400, body: `Request is missing required form field '${missing}'`, messageId: null };
  }
  // AT takes a comma-separated list: one recipient (and one charge) per number.
  const recipients = (form.to ?? '').split(',').map((number) => ({
    number: number.trim(),
    statusCode: 101,
    status: 'Success',
    messageId: `ATXid_${randomBytes(16).toString('hex')}`,
  }));
  // Without `Accept: application/json` the real service answers XML, which no JSON client can read.
  const body = received.headers.accept?.includes('application/json')
    ? atAnswer(recipients)
    : '<?xml version="1.0" encoding="UTF-8"?><AfricasTalkingResponse><SMSMessageData/></AfricasTalkingResponse>';
  return { status: 201, body, messageId: recipients[0]?.messageId ?? null };
}

function atAnswer(
  recipients: { number: string; statusCode: number; status: string; messageId?: string }[],
): unknown {
  const sent = recipients.filter((r) => r.statusCode >= 100 && r.statusCode <= 102).length;
  const cost = (count: number) => (count === 0 ? '0' : `XAF ${(25 * count).toFixed(4)}`);
  return {
    SMSMessageData: {
      Message: `Sent to ${sent}/${recipients.length} Total Cost: ${cost(sent)}`,
      Recipients: recipients.map((r) => {
        const taken = r.statusCode >= 100 && r.statusCode <= 102;
        return { ...r, cost: cost(taken ? 1 : 0), messageId: taken ? r.messageId : 'None' };
      }),
    },
  };
}

/** The form AT posts to the delivery-report callback. */
export function smsDeliveryReportForm(
  messageId: string,
  status: string,
  phoneNumber: string,
  failureReason?: string,
): Record<string, string> {
  const failed = status === 'Rejected' || status === 'Failed';
  return {
    id: messageId,
    status,
    phoneNumber,
    networkCode: '62401',
    retryCount: '0',
    ...(failed ? { failureReason: failureReason ?? 'DeliveryFailure' } : {}),
  };
}

// ---- WhatsApp Cloud API ---------------------------------------------------------------------------------------

const WHATSAPP_PATH = /^(?:\/v\d+\.\d+)?\/([^/]+)\/messages$/;

function answerWhatsApp(received: Received): Answer {
  if (received.method !== 'POST' || !WHATSAPP_PATH.test(received.path)) {
    return { status: 404, body: whatsAppError(2500), messageId: null };
  }
  if (!/^Bearer \S+$/.test(received.headers.authorization ?? '')) {
    return { status: 401, body: whatsAppError(190), messageId: null };
  }
  const body = received.headers['content-type']?.startsWith('application/json')
    ? jsonOrText(received.raw)
    : null;
  if (!validWhatsAppRequest(body)) {
    return { status: 400, body: whatsAppError(100), messageId: null };
  }
  const messageId = `wamid.${randomBytes(24).toString('base64url')}`;
  const message =
    body.type === 'template' ? { id: messageId, message_status: 'accepted' } : { id: messageId };
  return {
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [message],
    },
    messageId,
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function validWhatsAppRequest(body: unknown): body is Json & { to: string; type: string } {
  if (!isObject(body) || body.messaging_product !== 'whatsapp') {
    return false;
  }
  if (typeof body.to !== 'string' || !/^\d{6,15}$/.test(body.to)) {
    return false;
  }
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') {
    return false;
  }
  if (body.type === 'text') {
    return isObject(body.text) && typeof body.text.body === 'string' && body.text.body.length > 0;
  }
  if (body.type === 'template') {
    const template = body.template;
    return (
      isObject(template) &&
      typeof template.name === 'string' &&
      isObject(template.language) &&
      typeof template.language.code === 'string' &&
      (template.components === undefined || Array.isArray(template.components))
    );
  }
  return false;
}

const WHATSAPP_ERROR_MESSAGES: Record<number, string> = {
  100: '(#100) Invalid parameter',
  190: 'Invalid OAuth access token - Cannot parse access token',
  2500: 'Unknown path components',
  130429: '(#130429) Rate limit hit',
  131000: '(#131000) Something went wrong',
  131026: '(#131026) Message undeliverable',
  131047: '(#131047) Re-engagement message',
};

function defaultWhatsAppCode(status: number): number {
  if (status === 429) {
    return 130429;
  }
  return status >= 500 ? 131000 : 100;
}

function whatsAppError(code: number): unknown {
  return {
    error: {
      message: WHATSAPP_ERROR_MESSAGES[code] ?? `(#${code}) Error`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: WHATSAPP_ERROR_MESSAGES[code] ?? 'Error' },
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  };
}

/** A status webhook (sent, delivered, read or failed) as Meta posts it. */
export function whatsAppStatusWebhook(event: {
  messageId: string;
  recipient: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  errorCode?: number;
}): unknown {
  const status = {
    id: event.messageId,
    status: event.status,
    timestamp: unixNow(),
    recipient_id: event.recipient.replace(/^\+/, ''),
    ...(event.errorCode === undefined
      ? { pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } }
      : {
          errors: [
            { code: event.errorCode, title: titleOf(event.errorCode), message: titleOf(event.errorCode) },
          ],
        }),
  };
  return webhook({ statuses: [status] });
}

/** An inbound text message webhook as Meta posts it. */
export function whatsAppInboundWebhook(event: {
  from: string;
  id: string;
  text: string;
  profileName?: string;
}): unknown {
  const from = event.from.replace(/^\+/, '');
  return webhook({
    contacts: [{ profile: { name: event.profileName ?? 'Stand-in User' }, wa_id: from }],
    messages: [{ from, id: event.id, timestamp: unixNow(), type: 'text', text: { body: event.text } }],
  });
}

function webhook(value: Json): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '237600000000', phone_number_id: '200000000000002' },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function titleOf(code: number): string {
  return (WHATSAPP_ERROR_MESSAGES[code] ?? 'Error').replace(/^\(#\d+\) /, '');
}

const unixNow = () => String(Math.floor(Date.now() / 1000));

function formOf(raw: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(raw));
}

function jsonOrText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
