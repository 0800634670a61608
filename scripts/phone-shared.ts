// Shared by the phone simulator (npm run phone): its options, plain error reporting and the POST to the server.
import { randomBytes } from 'node:crypto';

export interface PhoneOptions {
  /** The Terroir server, without a trailing slash. */
  url: string;
  /** The simulated phone, E.164. */
  phone: string;
  key: string | undefined;
  secret: string | undefined;
  serviceCode: string;
  shortCode: string;
  network: string;
  /** USSD: answers to send in order, instead of reading them. */
  answers: string[] | undefined;
  /** SMS / WhatsApp: messages to send in order, instead of reading them. */
  send: string[];
  providerPort: number;
  waitMs: number;
  /** Where the MTN MoMo wallet (the payments stand-in) listens. */
  walletPort: number;
  /** Answer every MoMo prompt this way at once; null: the user answers each (1 approve / 2 reject). */
  walletAuto: 'approve' | 'reject' | null;
}

/** A failure to report as one plain line (exit 1), not as a stack trace. */
export class PhoneError extends Error {}

export const randomId = (bytes = 8) => randomBytes(bytes).toString('hex');

export const AT_ENV = (port: number, key: string) =>
  `AT_BASE_URL=http://127.0.0.1:${port} AT_USERNAME=sandbox AT_API_KEY=simulator AT_CALLBACK_KEY=${key}`;

export const WHATSAPP_ENV = (port: number, secret: string) =>
  `WHATSAPP_API_BASE=http://127.0.0.1:${port} WHATSAPP_TOKEN=simulator WHATSAPP_PHONE_NUMBER_ID=1000 ` +
  `WHATSAPP_APP_SECRET=${secret}`;

interface Target {
  /** What is being reached, for messages: 'USSD', 'SMS' or 'WhatsApp'. */
  channel: string;
  url: string;
  /** Which setting a 401/403 points at. */
  refusedHint: string;
  /** How the server must be started for the channel to exist. */
  configHint: string;
}

/** POSTs to the server; any answer but 2xx, and no answer at all, becomes a PhoneError that says why. */
export async function postToServer(
  target: Target,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  const { origin, pathname } = new URL(target.url);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    if (cause === 'TimeoutError') {
      throw new PhoneError(`the server at ${origin} did not answer within 30 s`);
    }
    throw new PhoneError(
      `cannot reach the server at ${origin} (${cause}): is it running? (npm run serve, or pass --url)`,
    );
  }
  const text = await response.text();
  const ms = Date.now() - started;
  if (response.ok) {
    return { status: response.status, text, ms };
  }
  const said = text.trim().slice(0, 300);
  if (response.status === 401 || response.status === 403) {
    throw new PhoneError(
      `${target.channel}: the server refused us (HTTP ${response.status}): ${target.refusedHint}`,
    );
  }
  if (response.status === 404) {
    throw new PhoneError(
      `${target.channel}: HTTP 404 on ${pathname}: the channel is not configured on this server ` +
        `(or it has no such route). Start it with:\n  ${target.configHint}`,
    );
  }
  throw new PhoneError(
    `${target.channel}: the server answered HTTP ${response.status}${said ? `: ${said}` : ''}`,
  );
}

export function requireKey(options: PhoneOptions): string {
  if (!options.key) {
    throw new UsageError(
      'a callback key is needed: pass --key or set AT_CALLBACK_KEY (as the server has it)',
    );
  }
  if (options.key.length < 16) {
    console.warn('note: the server accepts an AT_CALLBACK_KEY of 16 characters or more only');
  }
  return options.key;
}

/** Bad command line: usage is printed, exit 2. */
export class UsageError extends Error {}
