// Test helpers for the outbox: a fresh store per test and a scripted fetch that records what was sent.
import { type OutboxDraft, randomToken } from './outbox-item';
import { createOutboxStore } from './outbox-store';

/** A store on its own fake-IndexedDB database (tests import 'fake-indexeddb/auto'), so tests share nothing. */
export function freshStore(name = `outbox-test-${randomToken()}`) {
  return { name, store: createOutboxStore(name) };
}

export function draft(userId: number, overrides: Partial<OutboxDraft> = {}): OutboxDraft {
  return {
    userId,
    method: 'POST',
    path: '/api/posts',
    body: { content: 'Rain tomorrow' },
    label: { key: 'outbox.labels.post', params: {} },
    ...overrides,
  };
}

export type Scripted = 'network' | { status: number; body?: unknown; headers?: Record<string, string> };

export interface SentRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/**
 * A fetch that answers from a script, one entry per request ('network' rejects like an offline fetch), and
 * answers 201 `{id: n}` once the script runs out.
 */
export function scriptedFetch(script: Scripted[] = []) {
  const sent: SentRequest[] = [];
  let created = 100;
  const fetchImpl = async (path: string, init: RequestInit): Promise<Response> => {
    const headers = { ...(init.headers as Record<string, string>) };
    const text = typeof init.body === 'string' ? init.body : undefined;
    const body =
      text !== undefined && headers['content-type'] === 'application/json' ? JSON.parse(text) : text;
    sent.push({
      path,
      method: init.method ?? 'GET',
      headers,
      body,
      credentials: init.credentials,
    });
    const next = script.shift() ?? { status: 201, body: { id: ++created } };
    if (next === 'network') {
      throw new TypeError('Failed to fetch');
    }
    const answer = next.body === undefined ? null : JSON.stringify(next.body);
    return new Response(answer, { status: next.status, headers: next.headers ?? {} });
  };
  return { fetchImpl, sent };
}

/**
 * A clock the test moves by hand. It starts a minute ahead of the real time, because the store and the actions
 * stamp items with Date.now(): an item the test just made is due on this clock, as it is in the app.
 */
export function clock(start = Date.now() + 60_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}
