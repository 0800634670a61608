// What a reader may do with an event, and the event as they are shown it: the group's admins and the organiser manage
// it, agents check people in too, managers do both; a collection day shows its intakes to those who run the store.
import type { TCalendarEvent } from '../../contract/calendar';
import type { Language } from '../../contract/constants';
import { kgToTons } from '../../contract/quantity';
import type { Tx } from '../db/client';
import { intakeTotalsOn } from '../groups';
import { can } from '../http/permissions';
import { type EventView, lessonsByIds, type Viewer } from './calendar.repo';

export interface EventRights {
  manage: boolean;
  checkIn: boolean;
  /** Write a meeting's minutes: its organiser and the group's admins. */
  minutes: boolean;
  /** See a collection day's intakes: those who manage it and the group's store keepers. */
  intakes: boolean;
}

export function rightsOf(viewer: Viewer, view: EventView): EventRights {
  const organiser = view.event.organiserId === viewer.id;
  const admin = view.event.groupId !== null && view.myGroupRole === 'admin';
  const manage = organiser || admin || can(viewer.role, 'calendar.manageAny');
  return {
    manage,
    checkIn: manage || can(viewer.role, 'calendar.checkIn'),
    minutes: organiser || admin,
    intakes: manage || view.myGroupRole === 'store_keeper',
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Events as `viewer` sees them, in their language (lesson titles), in one batch of lookups. */
export async function presentEvents(
  db: Tx,
  viewer: Viewer & { language: Language },
  views: readonly EventView[],
): Promise<TCalendarEvent[]> {
  const lessons = await lessonsByIds(db, [...new Set(views.flatMap((v) => v.event.lessonIds))]);
  const out: TCalendarEvent[] = [];
  for (const view of views) {
    const { event } = view;
    const rights = rightsOf(viewer, view);
    const counted =
      rights.intakes && event.kind === 'collection_day' && event.groupId !== null
        ? await intakeTotalsOn(db, event.groupId, { from: day(event.startsAt), to: day(event.endsAt) })
        : null;
    out.push({
      id: event.id,
      kind: event.kind,
      title: event.title,
      description: event.description,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      place: { name: event.placeName, latitude: event.latitude, longitude: event.longitude },
      group: event.groupId === null ? null : { id: event.groupId, name: view.groupName ?? '' },
      organiser: { id: event.organiserId, username: view.organiserName },
      capacity: event.capacity,
      lessons: event.lessonIds.flatMap((id) => {
        const lesson = lessons.find((l) => l.id === id);
        const title = lesson ? (lesson[viewer.language] ?? lesson.en ?? lesson.fr) : null;
        return lesson && title ? [{ id, slug: lesson.slug, title }] : [];
      }),
      cancelled: event.cancelledAt !== null,
      counts: { yes: view.yes, no: view.no, maybe: view.maybe },
      myAnswer: view.myAnswer,
      mayManage: rights.manage,
      mayCheckIn: rights.checkIn,
      attended: view.attended,
      minutes: event.minutes,
      intake:
        counted === null
          ? null
          : { intakes: counted.intakes, members: counted.members, tons: kgToTons(counted.kg) },
    });
  }
  return out;
}
