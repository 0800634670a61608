// Events people meet at, as the network's Events tab reads and changes them: the coming or past events, one event,
// its attendees and the caller's calendar-feed address; each write a phone may make offline (announce, answer, check
// someone in, minutes, cancel) through the outbox. Every key is under queryRoots.calendar, so an answered write or
// a 'calendar' live event refreshes the lists, the event and its attendees at once.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RsvpAnswer,
  TCalendarEvent,
  ZAttendee,
  ZAttendees,
  ZCalendarEvents,
  ZCalendarFeed,
  ZCalendarInput,
  ZCalendarPatch,
  ZCheckInInput,
  ZMinutesInput,
  ZRsvpInput,
} from '../../../contract/calendar';
import { api } from '../api-client';
import { localDay } from '../format';
import { type OutboxWrite, useOutboxWrite } from '../outbox/use-outbox-write';
import { queryRoots } from '../query-keys';

const calendarRoot = queryRoots.calendar;

export type TAttendee = z.infer<typeof ZAttendee>;
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/**
 * Coming events from the reader's today (their phone's day, not the server's), or past ones, most recent first.
 * The day is part of the key: a list left open overnight reads from the new day.
 */
export const calendarEventsQuery = (past: boolean, today = localDay()) =>
  queryOptions({
    queryKey: [...calendarRoot, 'list', past ? 'past' : 'coming', today],
    queryFn: ({ signal }) =>
      api
        .get<z.infer<typeof ZCalendarEvents>>(
          past ? '/api/calendar?past=true' : `/api/calendar?from=${today}`,
          signal,
        )
        .then((answer) => answer.data),
  });

export const calendarEventQuery = (id: number) =>
  queryOptions({
    queryKey: [...calendarRoot, 'event', id],
    queryFn: ({ signal }) => api.get<TCalendarEvent>(`/api/calendar/${id}`, signal),
  });

/** Who answered and who came (for those who manage the event or check people in). */
export const attendeesQuery = (id: number) =>
  queryOptions({
    queryKey: [...calendarRoot, 'attendees', id],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ZAttendees>>(`/api/calendar/${id}/attendees`, signal).then((a) => a.data),
  });

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: [...calendarRoot, 'feed'],
    queryFn: ({ signal }) => api.get<TCalendarFeed>('/api/calendar/feed', signal),
  });

// ---- Writes through the outbox

/** Where an event's answers go: the tab shows the ones still on the phone by this path. */
export const rsvpPath = (eventId: number) => `/api/calendar/${eventId}/rsvp`;
/** Where an event's check-ins go: the attendees list shows the ones still on the phone by this path. */
export const checkInPath = (eventId: number) => `/api/calendar/${eventId}/check-ins`;

type EventRef = Pick<TCalendarEvent, 'id' | 'title'>;

/** The reader's answer to an event, as the outbox keeps it (named in the outbox by the event and the answer). */
export const rsvpWrite = (event: EventRef, answer: RsvpAnswer): OutboxWrite => ({
  method: 'POST',
  path: rsvpPath(event.id),
  body: { answer } satisfies z.input<typeof ZRsvpInput>,
  label: { key: `outbox:labels.calendar.${answer}`, params: { title: event.title } },
});

/** Someone seen at the event, stamped with the phone's clock when tapped (not when the write reaches the server). */
export const checkInWrite = (
  event: EventRef,
  person: { id: number; username: string },
  at: Date,
): OutboxWrite => ({
  method: 'POST',
  path: checkInPath(event.id),
  body: { userId: person.id, at: at.toISOString() } satisfies z.input<typeof ZCheckInInput>,
  label: { key: 'outbox:labels.calendar.checkIn', params: { title: event.title, user: person.username } },
});

/** Puts an answered event in every cached list and its own entry, before the refetch confirms it. */
function storeEvent(queryClient: QueryClient, event: TCalendarEvent) {
  queryClient.setQueryData(calendarEventQuery(event.id).queryKey, event);
  queryClient.setQueriesData<TCalendarEvent[]>({ queryKey: [...calendarRoot, 'list'] }, (list) =>
    list?.map((cached) => (cached.id === event.id ? event : cached)),
  );
}

/** Whether a write's answer is an event (an answer, minutes, a cancellation), not an attendee or nothing. */
const isEvent = (value: unknown): value is TCalendarEvent =>
  typeof value === 'object' && value !== null && 'counts' in value && 'myAnswer' in value;

/** A write through the outbox; an answered one refreshes every calendar read (with the event first, when one came back). */
function useCalendarWrite<TVariables, TResult>(toWrite: (variables: TVariables) => OutboxWrite) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (variables: TVariables) => write<TResult>(toWrite(variables)),
    onSuccess: settle((result: TResult) => {
      if (isEvent(result)) {
        storeEvent(queryClient, result);
      }
      return queryClient.invalidateQueries({ queryKey: calendarRoot });
    }),
  });
}

export const useCreateEvent = () =>
  useCalendarWrite<z.output<typeof ZCalendarInput>, TCalendarEvent>((input) => ({
    method: 'POST',
    path: '/api/calendar',
    body: input,
    label: { key: 'outbox:labels.calendar.create', params: { title: input.title } },
  }));

export const useRsvp = (event: EventRef) =>
  useCalendarWrite<RsvpAnswer, TCalendarEvent>((answer) => rsvpWrite(event, answer));

/** Checks a person in now (the time is taken when the button is tapped). */
export const useCheckIn = (event: EventRef) =>
  useCalendarWrite<{ id: number; username: string }, TAttendee>((person) =>
    checkInWrite(event, person, new Date()),
  );

export const useSaveMinutes = (event: EventRef) =>
  useCalendarWrite<z.input<typeof ZMinutesInput>, TCalendarEvent>((input) => ({
    method: 'PUT',
    path: `/api/calendar/${event.id}/minutes`,
    body: input,
    label: { key: 'outbox:labels.calendar.minutes', params: { title: event.title } },
  }));

export const useCancelEvent = (event: EventRef) =>
  useCalendarWrite<void, TCalendarEvent>(() => ({
    method: 'PATCH',
    path: `/api/calendar/${event.id}`,
    body: { cancelled: true } satisfies z.input<typeof ZCalendarPatch>,
    label: { key: 'outbox:labels.calendar.cancel', params: { title: event.title } },
  }));

// ---- The feed address: online only (an address is of no use until the phone's calendar can reach it)

/** A new address (the old one stops working), or none (`stop`): the card shows the answer at once. */
export function useFeedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'renew' | 'stop') =>
      action === 'renew'
        ? api.post<TCalendarFeed>('/api/calendar/feed')
        : api.delete<null>('/api/calendar/feed').then((): TCalendarFeed => ({ url: null })),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}
