// Opens GET /api/events as a browser does (a real socket on the app) and keeps what it sends, for live-event tests.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { registerUser } from './harness';

export interface LiveStream {
  /** Each `data:` line as sent, in order. */
  readonly data: string[];
  /** The same, parsed. */
  readonly events: Record<string, unknown>[];
  /** Resolves once an event with this type and id has arrived. */
  received(type: string, id: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) {
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  return (app.server.address() as AddressInfo).port;
}

/** Resolves once the stream is open: from then on the app delivers to it every event its user may hear. */
export async function openStream(app: FastifyInstance, cookie: string): Promise<LiveStream> {
  const port = await portOf(app);
  return new Promise((resolve, reject) => {
    const data: string[] = [];
    const events: Record<string, unknown>[] = [];
    let buffer = '';
    let open = false;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream refused: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      const ended = new Promise<void>((resolveEnd) => {
        res.on('end', () => resolveEnd());
        res.on('close', () => resolveEnd());
      });
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const line = buffer
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (line) {
            data.push(line.slice('data: '.length));
            events.push(JSON.parse(line.slice('data: '.length)));
          }
        }
      });
      open = true;
      resolve({
        data,
        events,
        ended,
        received: (type, id) =>
          expect
            .poll(() => events.some((e) => e.type === type && e.id === id), { timeout: 5000, interval: 10 })
            .toBe(true),
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if (!open) {
        reject(error);
      }
    });
    req.end();
  });
}

/**
 * Writes a public event (a registration on `app`) after everything else and waits for it on every stream: events
 * reach a stream in commit order, so whatever a stream has not received by then it never will.
 */
export async function settle(app: FastifyInstance, ...streams: LiveStream[]): Promise<void> {
  const marker = await registerUser(app);
  await Promise.all(streams.map((s) => s.received('user', marker.user.id)));
}
