// A co-operative's collection day as its store keeper's intake screen names it (the groups hook this fills): the
// collection day covering that date, so intakes recorded that day are counted under it (calendar.present.ts).
import type { TCollectionDay } from '../../contract/groups';
import type { Tx } from '../db/client';
import { collectionDayRow } from './calendar.repo';

export async function collectionDayOn(db: Tx, groupId: number, date: string): Promise<TCollectionDay | null> {
  const row = await collectionDayRow(db, groupId, date);
  return row === null
    ? null
    : {
        id: row.id,
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
      };
}
