// A tiny HTTP server standing for our app's callback routes in provider tests: it records what a provider (or a
// stand-in) calls back with and answers 200. And a port where nothing answers.
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';

export interface ReceivedCallback {
  method: string;
  path: string;
  body: unknown;
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  /** Resolves once `count` callbacks have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedCallback[]>;
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Kept as text.
      }
      received.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 3_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`${received.length} callbacks of ${count} arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
