// A sensor CSV upload: online, straight to the server with a progress bar and the rows to fix; offline, or when the
// connection drops on the way, kept in the outbox under the same idempotency key and sent when it can be.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '../../../../contract/errors';
import type { TIngestResult } from '../../../../contract/farm-data';
import { ApiError } from '../../../lib/api-client';
import { isOnline } from '../../../lib/connectivity';
import { formatNumber } from '../../../lib/format';
import { randomToken } from '../../../lib/outbox/outbox-item';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { farmKey } from '../../../lib/query-keys';
import { postSensorCsv } from './post-sensor-csv';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'processing' }
  | { status: 'done'; result: TIngestResult }
  | { status: 'queued' }
  | { status: 'failed'; error: TApiError };

/** Rows of the file, header left out: what the outbox shows ("Sensor readings (1,200)"). */
function csvRows(text: string): number {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.length - (/^\W*timestamp/i.test(lines[0] ?? '') ? 1 : 0);
}

function failureOf(error: unknown): TApiError {
  const message = error instanceof Error ? error.message : String(error);
  return { message, code: error instanceof ApiError && error.code ? error.code : 'internal' };
}

/** Keeps the file in the outbox (sent at once if the server answers within a few seconds). */
function useQueueCsv(farmId: number) {
  const { i18n } = useTranslation();
  const { write, settle } = useOutboxWrite();
  return async (file: Blob, idempotencyKey: string) => {
    const text = await file.text();
    const result = await write<TIngestResult>({
      method: 'POST',
      path: `/api/farms/${farmId}/sensor-data.csv`,
      body: text,
      contentType: 'text/csv',
      idempotencyKey,
      label: {
        key: 'outbox:labels.readingsUpload',
        params: { count: formatNumber(csvRows(text), i18n.language) },
      },
    });
    settle(() => undefined)(result);
    return result;
  };
}

export function useUploadSensorCsv(farmId: number) {
  const queryClient = useQueryClient();
  const queueCsv = useQueueCsv(farmId);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const stored = async (result: TIngestResult) => {
    setState({ status: 'done', result });
    await queryClient.invalidateQueries({ queryKey: farmKey(farmId) });
  };
  const upload = async (file: Blob) => {
    const idempotencyKey = `csv-${randomToken()}`;
    setState({ status: 'uploading', percent: 0 });
    const outcome = isOnline()
      ? await postSensorCsv(farmId, file, idempotencyKey, (percent) =>
          setState(percent >= 100 ? { status: 'processing' } : { status: 'uploading', percent }),
        )
      : ({ ok: false, error: null } as const);
    if (outcome.ok) {
      await stored(outcome.result);
    } else if (outcome.error) {
      setState({ status: 'failed', error: outcome.error });
    } else {
      await queueInstead(file, idempotencyKey);
    }
  };
  /** No answer came (or could come): the outbox keeps the file, under the key the server may already know. */
  const queueInstead = async (file: Blob, idempotencyKey: string) => {
    setState({ status: 'processing' });
    try {
      const result = await queueCsv(file, idempotencyKey);
      if (isQueued(result)) {
        setState({ status: 'queued' });
      } else {
        await stored(result);
      }
    } catch (error) {
      setState({ status: 'failed', error: failureOf(error) });
    }
  };
  return { state, upload };
}
