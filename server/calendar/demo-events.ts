// Demo events, written through the calendar's face by server/demo/demo-calendar.ts: an event as it would stand some
// days after it was announced (answers given, people checked in, minutes written), once.
import type { RsvpAnswer } from '../../contract/calendar';
import type { Tx } from '../db/client';
import { eventIdByTitle, insertEvent, type NewEvent } from './calendar.repo';
import { checkIn, recordInvitations, saveAnswer } from './rsvps.repo';

export interface DemoEvent {
  event: NewEvent;
  answers: { userId: number; answer: RsvpAnswer; channel: 'app' | 'sms' | 'ussd' }[];
  checkIns: { userId: number; at: Date; by: number }[];
  /** Those whose phone's `1` / `2` answers it (a group's members), when it is still to come. */
  invited: number[];
}

/** Idempotent: an event of the same title by the same organiser is left as it is. Answers the event's id. */
export async function recordDemoEvent(tx: Tx, demo: DemoEvent): Promise<number> {
  const existing = await eventIdByTitle(tx, demo.event.organiserId, demo.event.title);
  if (existing !== null) {
    return existing;
  }
  const row = await insertEvent(tx, demo.event);
  for (const a of demo.answers) {
    await saveAnswer(tx, { eventId: row.id, ...a });
  }
  for (const c of demo.checkIns) {
    await checkIn(tx, { eventId: row.id, ...c });
  }
  await recordInvitations(tx, row.id, demo.invited);
  return row.id;
}
