// Calendars for phones: one event's .ics, and each user's feed of their events at an address whose token is the key
// (random 32 bytes; only its SHA-256 is kept, so the database cannot give the address away). A new token revokes
// the old one; deleting it revokes it.
import { createHash, randomBytes } from 'node:crypto';
import type { Language, Role } from '../../contract/constants';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { type EventRow, eventsOfUser } from './calendar.repo';
import { visibleEvent } from './calendar.service';
import { deleteFeed, feedOwner, hasFeed, replaceFeed } from './feeds.repo';
import { type IcsEvent, icsCalendar } from './ics';

export const FEED_PATH = '/api/calendar/feed/';
/** Events a feed lists at most (those ending from a month ago on). */
const FEED_EVENTS = 200;
const FEED_PAST_MS = 30 * 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function icsEvent(event: EventRow): IcsEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    place: { name: event.placeName, latitude: event.latitude, longitude: event.longitude },
    cancelled: event.cancelledAt !== null,
    updatedAt: event.updatedAt,
  };
}

export async function eventIcs(ctx: AppContext, user: SessionUser, id: number): Promise<string> {
  const view = await visibleEvent(ctx.db, user, id);
  return icsCalendar(view.event.title, [icsEvent(view.event)]);
}

/** The feed of the token's owner, or null (no such token: revoked or never made). */
export async function feedIcs(ctx: AppContext, token: string): Promise<string | null> {
  const owner = await feedOwner(ctx.db, hashOf(token));
  if (!owner) {
    return null;
  }
  const views = await eventsOfUser(
    ctx.db,
    { id: owner.id, role: owner.role as Role },
    new Date(Date.now() - FEED_PAST_MS),
    FEED_EVENTS,
  );
  return icsCalendar(
    translate(owner.language as Language, 'calendar.feedName'),
    views.map((v) => icsEvent(v.event)),
  );
}

const feedUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.channels.publicUrl}${FEED_PATH}${token}.ics`;

/** The address is shown once, when made: afterwards only whether there is one. */
export async function feedState(ctx: AppContext, user: SessionUser) {
  return { url: null, active: await hasFeed(ctx.db, user.id) };
}

export async function newFeed(ctx: AppContext, user: SessionUser) {
  const token = randomBytes(32).toString('base64url');
  await replaceFeed(ctx.db, user.id, hashOf(token));
  return { url: feedUrl(ctx, token), active: true };
}

export function revokeFeed(ctx: AppContext, user: SessionUser): Promise<void> {
  return deleteFeed(ctx.db, user.id);
}
