// POST /api/farms/:id/sensor-data.csv through XMLHttpRequest, which reports upload progress (fetch does not).

import { codeForStatus } from '../../../../contract/error-codes';
import type { TApiError } from '../../../../contract/errors';
import type { TIngestResult } from '../../../../contract/farm-data';
import { statusText } from '../../../lib/api-client';

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
    // not JSON: said by its status below
  }
  // A proxy's page or a bare status: what the status means in the reader's words; the raw text in the console.
  console.warn('sensor upload failed', xhr.status, xhr.statusText, xhr.responseText.slice(0, 500));
  return { message: statusText(xhr.status), code: codeForStatus(xhr.status) };
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
