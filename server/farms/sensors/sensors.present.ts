// Sensor uploads as the API shows them.
import type { TIngestResult } from '../../../contract/farm-data';
import type { IngestResult } from './sensors.service';

/** An upload's result as the API shows it (empty text for the range of an empty upload). */
export function presentIngest(result: IngestResult): TIngestResult {
  return {
    accepted: result.accepted,
    from: result.from?.toISOString() ?? '',
    to: result.to?.toISOString() ?? '',
  };
}
