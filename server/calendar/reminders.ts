// Reminders of events, the day before and two hours before (REMINDER_LEADS_HOURS), to those who answered yes or maybe
// and the organiser. Each (event, lead) is claimed by inserting its row into calendar_reminders in the transaction
// that writes the notifications, so with several instances each reminder goes once. SMS and WhatsApp copies follow
// the user's choices and quiet hours (held till they end), as every notification's do.
import { REMINDER_LEADS_HOURS } from '../../contract/calendar';
import type { AppContext } from '../context';
import { SerialRuns } from '../events/serial-runs';
import { held } from '../module';
import { tellAbout } from './announce';
import { groupNameOf, lockEvent } from './calendar.repo';
import { claimDueReminders } from './feeds.repo';
import { remindedOf } from './rsvps.repo';

/** How often an instance looks for reminders due: a 2 h reminder goes at most this late. */
const REMINDER_BEAT_MS = 5 * 60_000;

/** Sends the reminders due at `now`; answers how many (event, lead) reminders were claimed. */
export async function remindEvents(ctx: AppContext, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimDueReminders(tx, now, REMINDER_LEADS_HOURS);
    for (const { event_id: eventId, lead_hours: lead } of claimed) {
      const event = await lockEvent(tx, eventId);
      if (!event) {
        continue;
      }
      await tellAbout(
        tx,
        ctx,
        { ...event, groupName: await groupNameOf(tx, event.groupId) },
        await remindedOf(tx, eventId),
        { type: 'event_reminder', reason: lead >= 24 ? 'day' : 'hours' },
      );
    }
    return claimed.length;
  });
}

type Logger = { error: (obj: object, msg: string) => void };

/** This instance's beat of event reminders: started and stopped with the calendar module. */
export class EventReminders {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    log: Logger = console,
  ) {
    this.runs = new SerialRuns('event reminder run', log);
  }

  start(): void {
    this.runs.every(REMINDER_BEAT_MS, () => remindEvents(this.ctx));
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** One run after any under way (tests; `now` fixed). */
  runOnce(now?: Date): Promise<number> {
    return this.runs.run(() => remindEvents(this.ctx, now));
  }
}

/** This instance's EventReminders, built from its context on first use. */
export const eventReminders = held('calendar.eventReminders', (ctx) => new EventReminders(ctx));
