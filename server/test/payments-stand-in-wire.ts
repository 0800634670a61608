// The stand-in's HTTP plumbing: reading a request, writing an answer, a scripted answer, and sending a callback.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  Answer,
  PaymentsBehaviour,
  Received,
  RecordedPaymentRequest,
  SentCallback,
  StandState,
} from './payments-stand-in-state';

const MAX_BODY_BYTES = 1024 * 1024;
const CALLBACK_TIMEOUT_MS = 5_000;

/** A scripted status or expired token, answered instead of the provider's own answer. */
export function scriptedAnswer(
  state: StandState,
  received: Received,
  behaviour: PaymentsBehaviour | undefined,
): Answer | null {
  if (behaviour && 'status' in behaviour) {
    return {
      status: behaviour.status,
      body: behaviour.body ?? { code: codeOf(behaviour.status), message: 'Scripted answer.' },
    };
  }
  if (behaviour && 'tokenExpired' in behaviour) {
    const token = /^Bearer (\S+)$/.exec(received.headers.authorization ?? '')?.[1];
    if (token) {
      state.tokens.delete(token);
    }
    return { status: 401, body: { code: 'UNAUTHORIZED', message: 'Access token expired.' } };
  }
  return null;
}

function codeOf(status: number): string {
  if (status === 503) {
    return 'SERVICE_UNAVAILABLE';
  }
  return status >= 500 ? 'INTERNAL_PROCESSING_ERROR' : 'BAD_REQUEST';
}

export function orderIdOf(json: unknown): string | null {
  const orderId =
    typeof json === 'object' && json !== null ? (json as { order_id?: unknown }).order_id : null;
  return typeof orderId === 'string' ? orderId : null;
}

export async function callBackOnce(sent: SentCallback): Promise<void> {
  try {
    const response = await fetch(sent.url, {
      method: sent.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sent.body),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    sent.status = response.status;
  } catch {
    // Delivered once, without retry, as MTN does: a callback that does not get through is lost.
  }
}

export async function receive(req: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) {
      chunks.push(chunk as Buffer);
    }
  }
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
  const raw = Buffer.concat(chunks).toString('utf8');
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, raw, json };
}

export function reply(res: ServerResponse, record: RecordedPaymentRequest | null, answer: Answer): void {
  if (res.writableEnded || res.destroyed || res.socket?.destroyed !== false) {
    return;
  }
  if (record) {
    record.answered = answer.status;
  }
  const { body } = answer;
  const type =
    body === undefined
      ? {}
      : typeof body === 'string'
        ? { 'content-type': body.startsWith('<') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8' }
        : { 'content-type': 'application/json' };
  res.writeHead(answer.status, { ...type, ...answer.headers });
  res.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
}
