// Hooks the groups module declares for higher modules to fill.
import type { TCollectionDay } from '../../contract/groups';
import type { Tx } from '../db/client';
import { hook } from '../module';

/** The co-operative's collection day on `date` (YYYY-MM-DD), a calendar event, or null (the calendar fills it). */
export const collectionDayOf =
  hook<(db: Tx, groupId: number, date: string) => Promise<TCollectionDay | null>>('groups.collectionDayOf');
