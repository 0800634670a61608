import { describe, expect, it } from 'vitest';
import { OUTBOX_ERRORS } from './outbox-item';
import {
  type HttpAnswer,
  outcomeOfAnswer,
  outcomeOfNetworkFailure,
  parseRetryAfter,
  retryDelay,
} from './outbox-outcome';

const NOW = 1_700_000_000_000;
const answer = (status: number, body = '', retryAfter: string | null = null): HttpAnswer => ({
  status,
  statusText: 'Status text',
  retryAfter,
  body,
});
const apiError = (message: string, code: string) => JSON.stringify({ message, code });

describe('outbox outcome', () => {
  it('takes any 2xx as sent, with the JSON answer as its result', () => {
    expect(outcomeOfAnswer(answer(201, '{"id":7}'), 1, NOW)).toEqual({ state: 'sent', result: { id: 7 } });
    expect(outcomeOfAnswer(answer(204), 1, NOW)).toEqual({ state: 'sent', result: null });
    expect(outcomeOfAnswer(answer(200, 'not json'), 1, NOW)).toEqual({ state: 'sent', result: null });
  });

  it.each([400, 403, 404, 409, 413, 422])('refuses a %i with the server’s message', (status) => {
    expect(outcomeOfAnswer(answer(status, apiError('Listing withdrawn', 'conflict')), 1, NOW)).toEqual({
      state: 'refused',
      error: 'Listing withdrawn',
      status,
    });
  });

  it('decides by status, never by message: the same words mean different things at different statuses', () => {
    const body = apiError('Failed to fetch', 'internal');
    expect(outcomeOfAnswer(answer(409, body), 1, NOW).state).toBe('refused');
    expect(outcomeOfAnswer(answer(503, body), 1, NOW).state).toBe('saved');
    expect(outcomeOfAnswer(answer(401, body), 1, NOW).state).toBe('auth');
  });

  it('keeps a 409 that says Retry-After (the same key still being processed) instead of refusing it', () => {
    const body = apiError('In progress', 'conflict');
    expect(outcomeOfAnswer(answer(409, body, '1'), 1, NOW)).toMatchObject({ state: 'saved' });
    expect(outcomeOfAnswer(answer(409, body), 1, NOW)).toMatchObject({ state: 'refused' });
  });

  it('says what the status means, never its raw text, when the body is not the API’s error shape', () => {
    expect(outcomeOfAnswer(answer(404, '<html>'), 1, NOW)).toEqual({
      state: 'refused',
      error: 'common.loadFailure.status.notFound',
      status: 404,
    });
    expect(outcomeOfAnswer(answer(418, 'I am a teapot'), 1, NOW)).toMatchObject({
      error: 'common.loadFailure.status.badRequest',
    });
  });

  it.each([408, 429, 500, 502, 503])('keeps a %i for later with a growing delay', (status) => {
    expect(outcomeOfAnswer(answer(status), 1, NOW)).toMatchObject({
      state: 'saved',
      nextAttemptAt: NOW + 2_000,
    });
    expect(outcomeOfAnswer(answer(status), 3, NOW)).toMatchObject({
      state: 'saved',
      nextAttemptAt: NOW + 8_000,
    });
  });

  it('waits at least what Retry-After asks, in seconds or as a date', () => {
    expect(outcomeOfAnswer(answer(429, '', '120'), 1, NOW)).toMatchObject({ nextAttemptAt: NOW + 120_000 });
    const date = new Date(NOW + 60_000).toUTCString();
    expect(parseRetryAfter(date, NOW)).toBe(60_000);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('99999999', NOW)).toBe(24 * 60 * 60_000);
  });

  it('doubles the delay from 2 s up to 5 min', () => {
    expect([1, 2, 3, 4, 8, 9, 50].map(retryDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('keeps a write whose request got no answer, whatever the error', () => {
    expect(outcomeOfNetworkFailure(2, NOW)).toEqual({
      state: 'saved',
      error: OUTBOX_ERRORS.network,
      nextAttemptAt: NOW + 4_000,
    });
  });
});
