// POST /api/farms/:id/sensor-data.csv through XMLHttpRequest, which reports upload progress (fetch does not).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type TApiError, ZApiError } from '../../../../contract/errors';
import type { TIngestResult } from '../../../../contract/farm-data';
import { farmKey } from '../../../lib/query-keys';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'processing' }
  | { status: 'done'; result: TIngestResult }
  | { status: 'failed'; error: TApiError };

function parseError(xhr: XMLHttpRequest): TApiError {
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

export function uploadSensorCsv(
  farmId: number,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<{ ok: true; result: TIngestResult } | { ok: false; error: TApiError }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/farms/${farmId}/sensor-data.csv`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        resolve({ ok: true, result: JSON.parse(xhr.responseText) as TIngestResult });
      } else {
        resolve({ ok: false, error: parseError(xhr) });
      }
    };
    // No answer at all: the message is a catalogue key, translated where the error is shown.
    xhr.onerror = () =>
      resolve({ ok: false, error: { message: 'farms.upload.networkError', code: 'unavailable' } });
    xhr.send(file);
  });
}

export function useUploadSensorCsv(farmId: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const upload = useCallback(
    async (file: Blob) => {
      setState({ status: 'uploading', percent: 0 });
      const outcome = await uploadSensorCsv(farmId, file, (percent) =>
        setState(percent >= 100 ? { status: 'processing' } : { status: 'uploading', percent }),
      );
      if (outcome.ok) {
        setState({ status: 'done', result: outcome.result });
        await queryClient.invalidateQueries({ queryKey: farmKey(farmId) });
      } else {
        setState({ status: 'failed', error: outcome.error });
      }
    },
    [farmId, queryClient],
  );
  return { state, upload };
}
