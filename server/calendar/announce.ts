// Telling people of an event: open pages hear it (everyone for a public event, the group's members for theirs); a
// group's announcement invites each member by notification (by SMS: reply 1 yes / 2 no, recorded so the reply
// answers it); a change or a cancellation is told to those who answered yes or maybe and those invited.
import type { NotificationType } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { Audience } from '../events/audience';
import { notifyEach } from '../notifications';
import { type EventRow, groupAudienceSql, groupMemberIds, groupNameOf, languagesOf } from './calendar.repo';
import { eventWhen } from './event-text';
import { forgetReminders } from './feeds.repo';
import { concernedBy, recordInvitations } from './rsvps.repo';

/** Who hears an event's changes live: everyone for a public one, the group's active members (and managers). */
export function eventAudience(event: Pick<EventRow, 'groupId'>): Audience {
  if (event.groupId === null) {
    return 'public';
  }
  return { userIdsSql: groupAudienceSql(event.groupId) };
}

export async function publishEvent(tx: Tx, ctx: AppContext, event: Pick<EventRow, 'id' | 'groupId'>) {
  await ctx.bus.publish(tx, { type: 'calendar', id: event.id }, eventAudience(event));
}

/** Each recipient's notice about the event, its time in their language. */
export async function tellAbout(
  tx: Tx,
  ctx: AppContext,
  event: EventRow & { groupName?: string | null },
  userIds: readonly number[],
  notice: { type: NotificationType; reason?: string },
): Promise<void> {
  const languages = await languagesOf(tx, userIds);
  await notifyEach(
    tx,
    ctx,
    userIds.map((userId) => ({
      userId,
      type: notice.type,
      data: {
        eventId: event.id,
        title: event.title,
        when: eventWhen(languages.get(userId) ?? 'en', event.startsAt),
        place: event.placeName,
        group: event.groupName ?? '',
        ...(notice.reason === undefined ? {} : { reason: notice.reason }),
      },
      link: `/network?tab=events&event=${event.id}`,
    })),
  );
}

/** A new event: heard live; a group's members (but its organiser) invited, the invitation kept for their reply. */
export async function announceEvent(tx: Tx, ctx: AppContext, event: EventRow): Promise<void> {
  await publishEvent(tx, ctx, event);
  if (event.groupId === null) {
    return;
  }
  const invited = (await groupMemberIds(tx, event.groupId)).filter((id) => id !== event.organiserId);
  await recordInvitations(tx, event.id, invited);
  await tellAbout(tx, ctx, { ...event, groupName: await groupNameOf(tx, event.groupId) }, invited, {
    type: 'event_invitation',
  });
}

/** A changed or cancelled event: heard live, told to those concerned (not who changed it); moved: reminded anew. */
export async function eventChanged(
  tx: Tx,
  ctx: AppContext,
  event: EventRow,
  what: 'changed' | 'cancelled',
  options: { moved: boolean; actorId: number },
): Promise<void> {
  await publishEvent(tx, ctx, event);
  if (options.moved) {
    await forgetReminders(tx, event.id);
  }
  const told = (await concernedBy(tx, event.id)).filter((id) => id !== options.actorId);
  await tellAbout(tx, ctx, { ...event, groupName: await groupNameOf(tx, event.groupId) }, told, {
    type: 'event_changed',
    ...(what === 'cancelled' ? { reason: 'cancelled' } : {}),
  });
}
