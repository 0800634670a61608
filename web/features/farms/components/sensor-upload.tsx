// Sensor CSV upload: a progress bar while the file travels, then the count stored or the rows to fix.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { useUploadSensorCsv } from '../api/upload-sensor-csv';

/** 'line.4.value' → line 4, field value; other paths are whole-file problems. */
function rowOf(path: string): { line: number; field: string } | null {
  const match = /^line\.(\d+)(?:\.(\w+))?$/.exec(path);
  return match ? { line: Number(match[1]), field: match[2] ?? 'row' } : null;
}

export function SensorUpload({ farmId }: { farmId: number }) {
  const { t, i18n } = useTranslation('farms');
  const { state, upload } = useUploadSensorCsv(farmId);
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const busy = state.status === 'uploading' || state.status === 'processing';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMissingFile(!file);
    if (file) {
      void upload(file);
    }
  };

  const percent = state.status === 'uploading' ? state.percent : state.status === 'idle' ? 0 : 100;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('upload.title')}</CardTitle>
        <CardDescription>{t('upload.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="flex min-w-60 flex-1 flex-col gap-1">
            <label htmlFor="sensor-csv" className="text-sm font-medium text-stone-800">
              {t('upload.file')}
            </label>
            <Input
              id="sensor-csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              type="file"
              accept=".csv,text/csv"
              className="py-1.5"
            />
          </div>
          <Button type="submit" disabled={busy}>
            {t('upload.submit')}
          </Button>
        </form>
        {missingFile ? (
          <p role="alert" className="text-sm text-red-700">
            {t('upload.chooseFile')}
          </p>
        ) : null}
        {state.status !== 'idle' && state.status !== 'queued' ? (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label={t('upload.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
            >
              <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            {state.status === 'processing' ? (
              <p className="text-sm text-stone-700">{t('upload.processing')}</p>
            ) : null}
          </div>
        ) : null}
        <div aria-live="polite">
          {state.status === 'done' ? (
            <p className="text-sm font-medium text-brand-900">
              {t('upload.success', { count: formatNumber(state.result.accepted, i18n.language) })}
            </p>
          ) : null}
          {state.status === 'queued' ? (
            <p className="text-sm font-medium text-stone-800">{t('common:queued.title')}</p>
          ) : null}
          {state.status === 'failed' ? (
            <UploadErrors message={state.error.message} issues={state.error.issues} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function UploadErrors({
  message,
  issues,
}: {
  message: string;
  issues?: { path: string; message: string }[] | undefined;
}) {
  const { t } = useTranslation('farms');
  const rows = (issues ?? []).map((issue) => ({ issue, row: rowOf(issue.path) }));
  const perRow = rows.filter((r) => r.row !== null);
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{t('upload.failed')}</p>
      {perRow.length === 0 ? (
        <p>{t('upload.fileError', { message: translateMessage(t, message) })}</p>
      ) : (
        <>
          <p className="mt-1">{t('upload.rowErrors')}</p>
          <ul className="mt-1 list-disc pl-5" data-testid="csv-row-errors">
            {perRow.map(({ issue, row }) =>
              row ? (
                <li key={issue.path}>
                  {t('upload.rowError', {
                    line: row.line,
                    field: t(`upload.field.${row.field}`, { defaultValue: row.field }),
                    message: issue.message,
                  })}
                </li>
              ) : null,
            )}
          </ul>
        </>
      )}
    </div>
  );
}
