// An answer to an event and a check-in go through the outbox: kept on the phone first, sent with one idempotency
// key however many times the network fails, named in the outbox in both languages; a check-in keeps the time of the
// tap, not of the sending. Until an answer is sent, the buttons show the one kept on the phone.
import 'fake-indexeddb/auto';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { freshStore, type Scripted, scriptedFetch } from '../../../lib/outbox/outbox-test-kit';
import { replayOutbox } from '../../../lib/outbox/replay';
import { checkInWrite, rsvpWrite } from '../../../lib/queries/calendar';
import enOutbox from '../../../locales/en/outbox.json';
import frOutbox from '../../../locales/fr/outbox.json';
import { sampleEvent } from '../calendar-test-kit';
import { waitingAnswer } from './rsvp-buttons';

const USER = 1;
const event = sampleEvent();

function setup(script: Scripted[]) {
  const { store } = freshStore();
  const net = scriptedFetch(script);
  let time = Date.now() + 60_000;
  const replay = () => replayOutbox({ userId: USER, store, fetchImpl: net.fetchImpl, now: () => time });
  return { store, net, replay, later: (ms: number) => (time += ms) };
}

describe('an answer through the outbox', () => {
  it('is sent as POST /api/calendar/:id/rsvp once the network is back, with the same key each try', async () => {
    const answered = { ...event, myAnswer: 'yes', counts: { ...event.counts, yes: 15 } };
    const { store, net, replay, later } = setup(['network', { status: 200, body: answered }]);
    const item = await store.add({ userId: USER, ...rsvpWrite(event, 'yes') });

    await replay();
    expect(await store.get(item.id)).toMatchObject({ state: 'saved', attempts: 1 });
    later(60_000);
    await replay();

    expect(net.sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/calendar/12/rsvp', body: { answer: 'yes' } },
      { method: 'POST', path: '/api/calendar/12/rsvp', body: { answer: 'yes' } },
    ]);
    expect(new Set(net.sent.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([item.idempotencyKey]),
    );
    expect(await store.get(item.id)).toMatchObject({ state: 'sent', result: answered });
  });

  it('shows the latest answer still on the phone, not the server’s older one', async () => {
    const { store } = setup([]);
    await store.add({ userId: USER, ...rsvpWrite(event, 'yes') });
    await store.add({ userId: USER, ...rsvpWrite(event, 'no') });
    expect(waitingAnswer(await store.list(USER))).toBe('no');
    expect(waitingAnswer([])).toBeNull();
  });

  it('is named in the outbox by the event and the answer, in both languages', async () => {
    const translator = i18next.createInstance();
    await translator.init({
      resources: { en: { outbox: enOutbox }, fr: { outbox: frOutbox } },
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    const named = (language: string, answer: 'yes' | 'maybe' | 'no') => {
      const { label } = rsvpWrite(event, answer);
      return translator.getFixedT(language)(label.key, label.params);
    };
    expect(named('en', 'yes')).toBe('Going to “Maize field day at Baleng”');
    expect(named('en', 'no')).toBe('Not going to “Maize field day at Baleng”');
    expect(named('fr', 'maybe')).toBe('Je viendrai peut-être à « Maize field day at Baleng »');
    const { label } = checkInWrite(event, { id: 5, username: 'moussa' }, new Date());
    expect(translator.getFixedT('fr')(label.key, label.params)).toBe(
      'moussa est venu(e) à « Maize field day at Baleng »',
    );
  });
});

describe('a check-in through the outbox', () => {
  it('keeps the time of the tap when it is sent later', async () => {
    const { store, net, replay, later } = setup(['network']);
    const tapped = new Date('2099-12-03T08:12:00.000Z');
    await store.add({ userId: USER, ...checkInWrite(event, { id: 5, username: 'moussa' }, tapped) });
    await replay();
    later(3_600_000);
    await replay();
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]).toMatchObject({
      method: 'POST',
      path: '/api/calendar/12/check-ins',
      body: { userId: 5, at: '2099-12-03T08:12:00.000Z' },
    });
  });
});
