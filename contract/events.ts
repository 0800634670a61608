// Live events: what changed, so open pages refetch it.
import { z } from 'zod';

export const EVENT_TYPES = [
  'user',
  'commodity',
  'bid',
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
] as const;
export const ZLiveEvent = z.object({
  type: z.enum(EVENT_TYPES),
  id: z.number().int(),
  /** The user the event concerns, when it is personal (e.g. an achievement). */
  userId: z.number().int().optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export const EVENTS_CHANNEL = 'terroir_events';
export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 5;
