// POST /api/farms/:id/sensor-data.csv through XMLHttpRequest, which reports upload progress (fetch does not).
import type { TApiError } from '../../../../contract/errors';
import type { TIngestResult } from '../../../../contract/farm-data';

/** The server's answer, or `error: null` when none came (offline, connection lost). */
export type CsvPostOutcome = { ok: true; result: TIngestResult } | { ok: false; error: TApiError | null };

/** The server's error body; its schema (zod) loads only when an upload fails, not with the screen. */
async function parseError(xhr: XMLHttpRequest): Promise<TApiError> {
  const { ZApiError } = await import('../../../../contract/errors');
  try {
    const parsed = ZApiError.safeParse(JSON.parse(xhr.responseText));
    if (parsed.success) {
      return parsed.data;
    }
  } catch {
    // not JSON: the status text is the message
  }
  return { message: `${xhr.status}: ${xhr.statusText || xhr.responseText}`, code: 'internal' };
}

export function postSensorCsv(
  farmId: number,
  file: Blob,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
): Promise<CsvPostOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/farms/${farmId}/sensor-data.csv`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    // The key the outbox sends again if no answer comes: the file is then stored once, whichever request landed.
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        resolve({ ok: true, result: JSON.parse(xhr.responseText) as TIngestResult });
      } else {
        void parseError(xhr).then((error) => resolve({ ok: false, error }));
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: null });
    xhr.send(file);
  });
}
