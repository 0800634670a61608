// Every reading of a farm as CSV (the columns the upload takes, so a download uploads back as it is), made in chunks.
import type { Tx } from '../db/client';
import { readingsAfter } from './sensors.repo';

/** Readings per query and per chunk of text: a year of hourly data for four types is four chunks. */
export const CSV_CHUNK_ROWS = 10_000;

/**
 * The CSV text chunk by chunk, one query per chunk (by type, then time), so neither the rows nor the text of a
 * year of readings is held at once. Not one snapshot: a reading stored during the download may be in it or not.
 */
export async function* sensorCsvChunks(db: Tx, farmId: number): AsyncGenerator<string> {
  yield 'timestamp,type,value\n';
  let after: Parameters<typeof readingsAfter>[2] = null;
  for (;;) {
    const rows = await readingsAfter(db, farmId, after, CSV_CHUNK_ROWS);
    const last = rows[rows.length - 1];
    if (!last) {
      return;
    }
    yield rows.map((r) => `${r.ts.toISOString()},${r.type},${r.value}\n`).join('');
    if (rows.length < CSV_CHUNK_ROWS) {
      return;
    }
    after = { type: last.type, ts: last.ts };
  }
}
