// The demo's weather: generated hours put in the demo farms' cells, labelled `demo` (never shown as measured), due
// for the provider at once so that a demo that can reach it replaces them with real weather.
import type { Tx } from '../db/client';
import { putCell, storeHours } from './weather.repo';
import type { ProviderHour } from './weather-hours';

/** Puts `hours` in the cell of the position (rounded to the grid as farms are), as the demo's weather. */
export async function putDemoWeather(
  db: Tx,
  cell: { latitude: number; longitude: number; utcOffsetSeconds: number },
  hours: readonly ProviderHour[],
): Promise<void> {
  const first = hours[0];
  if (!first) {
    return;
  }
  const row = await putCell(db, {
    latitude: cell.latitude,
    longitude: cell.longitude,
    source: 'demo',
    utcOffsetSeconds: cell.utcOffsetSeconds,
    historyFrom: first.ts.toISOString().slice(0, 10),
  });
  await storeHours(db, row.id, hours);
}
