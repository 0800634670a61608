// Live events: what changed, so open pages refetch it.
import { z } from 'zod';

export const EVENT_TYPES = [
  'user',
  'commodity',
  'bid',
  /** A market's public figures (best bid) may have moved: the listing's id; the bid itself goes to its parties. */
  'market',
  'trade',
  'commodity_request',
  'post',
  'comment',
  'reaction',
  'connection',
  'farm',
  'sensor_data',
  'analytics',
  'transaction',
  'sale',
  'report',
  'achievement',
  /** An order changed (status, delivery, payment, dispute): its parties, its driver and managers hear it. */
  'order',
  /** An agent's link to a farmer changed: both of them hear it. */
  'agent_link',
  /** A rating was given, changed or hidden: a user's aggregate on cards and profiles may have moved. */
  'rating',
  /** A farm's plots, crop plans or tasks changed: the farm's id; its members hear it. */
  'crops',
  /** A store's stock changed (a lot made, moved, sold, counted): the store's id; whoever sees its lots hears it. */
  'stock',
  /** A farm's weather was refreshed (forecast, alerts): the farm's id; its members hear it. */
  'weather',
  /** An event (the network's Events tab) was announced, changed or answered: its id; public, or its group's members. */
  'calendar',
  /** The user has new notifications (or read some elsewhere): only they hear it. */
  'notification',
  /** A forward agreement changed (answered, paid, delivered, settled): its parties and managers hear it. */
  'agreement',
  /** A group's feed has a new post or comment: the group's id; its active members hear it. */
  'group_feed',
  /**
   * A group or its membership changed (made, renamed, someone invited, joined, given a role, removed): the group's
   * id; its active members and the person concerned hear it. A co-operative's settlement drafted or approved: its
   * admins hear it.
   */
  'group',
  /**
   * A lesson's new version was published (everyone hears it), or a reader's progress on it changed (`userId`: only
   * they hear it).
   */
  'lesson',
  /** The operator's books moved (a payment, payout, refund or deposit booked): the entry's id; managers hear it. */
  'books',
] as const;
/**
 * What a browser receives: what to refetch. Each event goes only to those who may read what it names (its audience
 * travels between server instances and is never sent on; see server/events/audience.ts).
 */
export const ZLiveEvent = z.object({
  type: z.enum(EVENT_TYPES),
  id: z.number().int(),
  /** The user the event concerns, when it is personal (e.g. an achievement); sent to that user only. */
  userId: z.number().int().optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export const EVENTS_CHANNEL = 'terroir_events';
export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 5;
