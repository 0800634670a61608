// The phone simulator's stand-in for the providers' sending APIs (Africa's Talking SMS, WhatsApp Cloud): the
// server, started with its base URLs pointing here, sends its replies to it; those for the simulated phone are shown.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PhoneError } from './phone-shared';

export interface Outgoing {
  channel: 'SMS' | 'WhatsApp';
  text: string;
}

export interface StandIn {
  /** How many messages for the simulated phone have arrived so far. */
  count(): number;
  /** Called after each message for the simulated phone has been shown. */
  onMessage: Set<() => void>;
  close(): Promise<void>;
}

const WHATSAPP_PATH = /^(?:\/v\d+\.\d+)?\/[^/]+\/messages$/;

export async function startStandIn(
  port: number,
  phone: string,
  show: (line: string) => void,
): Promise<StandIn> {
  let received = 0;
  let sent = 0;
  // Ids unique across runs, as the providers' are: the server keeps every id it was given, and a second run
  // counting from 1 again gave it ids its earlier messages had.
  const run = randomBytes(6).toString('hex');
  const onMessage = new Set<() => void>();
  const deliver = (to: string, message: Outgoing) => {
    const ours = to.replace(/^\+/, '') === phone.replace(/^\+/, '');
    const label = ours ? `← ${message.channel} reply` : `· ${message.channel} for ${to} (not this phone)`;
    const time = new Date().toTimeString().slice(0, 8);
    const lines = message.text.split('\n');
    show(`${label} ${time} (${[...message.text].length} chars): ${lines.join('\n    ')}`);
    if (ours) {
      received++;
      for (const listener of onMessage) {
        listener();
      }
    }
  };

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method === 'POST' && path === '/version1/messaging') {
        const form = new URLSearchParams(raw);
        const numbers = (form.get('to') ?? '').split(',').map((n) => n.trim());
        const recipients = numbers.map((number) => ({
          statusCode: 101,
          number,
          status: 'Success',
          cost: 'XAF 0',
          messageId: `ATXid_sim${run}_${++sent}`,
        }));
        for (const number of numbers) {
          deliver(number, { channel: 'SMS', text: form.get('message') ?? '' });
        }
        const total = `${recipients.length}/${recipients.length}`;
        return answer(res, 201, { SMSMessageData: { Message: `Sent to ${total}`, Recipients: recipients } });
      }
      if (req.method === 'POST' && WHATSAPP_PATH.test(path)) {
        const body = parseJson(raw);
        const to = typeof body.to === 'string' ? body.to : '';
        if (body.status === 'read') {
          return answer(res, 200, { success: true });
        }
        deliver(to, { channel: 'WhatsApp', text: whatsAppText(body) });
        return answer(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.sim${run}_${++sent}` }],
        });
      }
      show(`· stand-in: unexpected ${req.method} ${path} (answered 404)`);
      return answer(res, 404, { error: { message: 'Unknown path components', code: 2500 } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PhoneError(`port ${port} is in use: pick another with --provider-port`)
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    count: () => received,
    onMessage,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

type Json = Record<string, unknown>;

/** The text a WhatsApp message shows: its body, or a template's name and parameters. */
function whatsAppText(body: Json): string {
  const field = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null ? (value as Json)[key] : undefined;
  if (body.type === 'text') {
    return String(field(body.text, 'body') ?? '');
  }
  if (body.type === 'template') {
    const components = field(body.template, 'components');
    const parameters = (Array.isArray(components) ? components : [])
      .flatMap((component) => (field(component, 'parameters') as unknown[] | undefined) ?? [])
      .map((parameter) => String(field(parameter, 'text') ?? JSON.stringify(parameter)));
    const language = field(field(body.template, 'language'), 'code');
    return `[template ${String(field(body.template, 'name'))} (${String(language)})] ${parameters.join(' | ')}`;
  }
  return `[${String(body.type)}] ${JSON.stringify(body)}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(raw: string): Json {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Json) : {};
  } catch {
    return {};
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
