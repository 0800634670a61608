// The Events tab drawn from sample answers: coming events with everything a card says (kind, when in the reader's
// language, where with a map only for a pinned place, whose, counts and places left, the reader's answer, lessons,
// the .ics file), a group's event marked for its members, no answering a cancelled one, the empty lists, the
// announce button only for those who may, and an event's detail for whoever checks people in or runs a meeting.
import { describe, expect, it } from 'vitest';
import { attendeesQuery, calendarEventsQuery, calendarFeedQuery } from '../../../lib/queries/calendar';
import { draw, sampleEvent, sampleGroup } from '../calendar-test-kit';
import { EventDetail } from './event-detail';
import { EventsTab, linkedEvent } from './events-tab';

const pinned = sampleEvent({
  id: 12,
  place: { name: 'Baleng demonstration plot', latitude: 5.4921, longitude: 10.4312 },
  capacity: 20,
  myAnswer: 'yes',
  lessons: [{ id: 3, slug: 'maize-spacing', title: 'Spacing maize for a better yield' }],
});
const collection = sampleEvent({
  id: 13,
  kind: 'collection_day',
  title: 'Maize collection at the Bafoussam store',
  group: { id: 1, name: 'Coopérative de la Mifi' },
  organiser: { id: 9, username: 'celestin' },
  counts: { yes: 0, no: 0, maybe: 0 },
});
const cancelled = sampleEvent({ id: 14, title: 'Input fair', kind: 'input_fair', cancelled: true });

const drawTab = (events: ReturnType<typeof sampleEvent>[], options: Parameters<typeof draw>[1] = {}) =>
  draw(<EventsTab />, {
    ...options,
    cache: [
      [calendarEventsQuery(false).queryKey, events],
      [calendarFeedQuery().queryKey, { url: null }],
      ...(options.cache ?? []),
    ],
  });

/** Each card's markup, in order. */
const cards = (html: string) => html.split('data-testid="event-card"').slice(1);

describe('EventsTab', () => {
  it.each(['en', 'fr'] as const)('draws every part in %s with no text missing', async (language) => {
    const { missing } = await drawTab([pinned, collection, cancelled], { language, role: 'manager' });
    expect(missing).toEqual([]);
  });

  it('says what each event is, when, where, whose, and how many come', async () => {
    const { html, text } = await drawTab([pinned, collection]);
    expect(text).toContain('Field day');
    expect(text).toContain('Maize field day at Baleng');
    expect(text).toContain('Dec 3, 2099, 9:00');
    expect(text).toContain('12:30');
    expect(text).toContain('Announced by fatou');
    expect(text).toContain('14 going, 5 maybe · 6 places left');
    expect(text).toContain('Your answer: Yes');
    const [first, second] = cards(html);
    // A pinned place links to its map; an unpinned one has no map link.
    expect(first).toContain('href="https://www.openstreetmap.org/?mlat=5.4921&amp;mlon=10.4312');
    expect(second).not.toContain('openstreetmap');
    expect(first).toContain('href="/education/maize-spacing"');
    expect(first).toContain('href="/api/calendar/12.ics"');
    expect(first).toMatch(/<a href="\/api\/calendar\/12\.ics" download=""/);
  });

  it('marks a group’s event for its members only, and says whose group it is', async () => {
    const { html } = await drawTab([pinned, collection]);
    const [first, second] = cards(html);
    expect(first).not.toContain('Members only');
    expect(second).toContain('Members only');
    expect(second).toContain('Collection day');
    expect(second).toContain('For the members of Coopérative de la Mifi');
  });

  it('shows the reader’s answer pressed, and no buttons on a cancelled event', async () => {
    const { html } = await drawTab([pinned, cancelled]);
    const [first, second] = cards(html);
    expect(first).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Yes<\/button>/);
    expect(first).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Maybe<\/button>/);
    expect(first).toContain('<legend class="sr-only">Are you coming to Maize field day at Baleng?</legend>');
    expect(second).toContain('Cancelled');
    expect(second).not.toContain('data-testid="rsvp"');
    expect(second).not.toContain('.ics');
  });

  it('says "Full" and takes no new yes when every place is taken', async () => {
    const full = sampleEvent({ capacity: 14, counts: { yes: 14, no: 0, maybe: 1 } });
    const { html, text } = await drawTab([full]);
    expect(text).toContain('14 going, 1 maybe · Full');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Yes<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Maybe<\/button>/);
  });

  it('says in French when nothing is coming', async () => {
    const { text } = await drawTab([], { language: 'fr' });
    expect(text).toContain('Événements à venir');
    expect(text).toContain('Aucun événement n’est annoncé pour les 90 prochains jours.');
  });

  it('offers to announce an event to a manager, a buyer and a group’s admin, not to a plain member', async () => {
    const announce = 'Announce an event';
    expect((await drawTab([], { role: 'manager' })).text).toContain(announce);
    expect((await drawTab([], { role: 'buyer' })).text).toContain(announce);
    expect(
      (await drawTab([], { role: 'farmer', groups: [sampleGroup(1, 'Coopérative de la Mifi', 'admin')] }))
        .text,
    ).toContain(announce);
    expect(
      (await drawTab([], { role: 'farmer', groups: [sampleGroup(1, 'Coopérative de la Mifi', 'member')] }))
        .text,
    ).not.toContain(announce);
  });

  it('reads the event a notification links to', () => {
    expect(linkedEvent('tab=events&event=13')).toBe(13);
    expect(linkedEvent('tab=events')).toBeNull();
    expect(linkedEvent('event=abc')).toBeNull();
  });
});

describe('EventDetail', () => {
  const attendees = [
    { user: { id: 1, username: 'amina' }, answer: 'yes', checkedInAt: null },
    { user: { id: 5, username: 'moussa' }, answer: 'maybe', checkedInAt: '2099-12-03T09:12:00' },
  ];

  it('lists who answered, with a named check-in button for those not yet seen', async () => {
    const event = sampleEvent({ mayCheckIn: true, attended: 1 });
    const { html, text, missing } = await draw(<EventDetail event={event} />, {
      cache: [[attendeesQuery(event.id).queryKey, attendees]],
    });
    expect(missing).toEqual([]);
    expect(text).toContain('Walk the plots that tried the new spacing.');
    expect(text).toContain('1 came');
    expect(html).toContain('aria-label="Check in amina"');
    expect(html).not.toContain('aria-label="Check in moussa"');
    expect(text).toContain('Maybe · came at 9:12');
    // Managing is not checking in: no minutes and no cancelling for a checker alone.
    expect(text).not.toContain('Cancel the event');
  });

  it('gives a meeting’s organiser the minutes to write and the event to cancel, in French', async () => {
    const meeting = sampleEvent({ kind: 'coop_meeting', mayManage: true, minutes: 'Prix du sac fixé.' });
    const { html, text, missing } = await draw(<EventDetail event={meeting} />, {
      language: 'fr',
      cache: [[attendeesQuery(meeting.id).queryKey, []]],
    });
    expect(missing).toEqual([]);
    expect(text).toContain('Réunion de la coopérative');
    expect(html).toMatch(/<label for="minutes-12-minutes"[^>]*>Compte rendu<\/label>/);
    expect(html).toContain('Prix du sac fixé.</textarea>');
    expect(text).toContain('Enregistrer le compte rendu');
    expect(text).toContain('Annuler l’événement');
    expect(text).toContain('Personne n’a encore répondu.');
  });

  it('shows a meeting’s minutes to its members, without the editor', async () => {
    const meeting = sampleEvent({ kind: 'coop_meeting', minutes: 'Prix du sac fixé.' });
    const { html, text } = await draw(<EventDetail event={meeting} />);
    expect(text).toContain('Minutes Prix du sac fixé.');
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('data-testid="attendees"');
  });
});
