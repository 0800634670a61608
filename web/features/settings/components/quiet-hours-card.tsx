// Quiet hours: off by default; on, no SMS or WhatsApp from one time to another in a time zone (sent after).
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuietHours } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { formatDate, intlLocale } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { deviceTimeZone } from '../../../lib/relative-time';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { useResultToasts } from '../hooks/use-result-toasts';
import { loadSchemas } from '../load-schemas';
import { timeZoneChoices, timeZoneLabel } from '../time-zones';
import { CardQueryState } from './card-query-state';

/** What the times start at when quiet hours are first turned on. */
const DEFAULT_QUIET = { start: '21:00', end: '06:00' };

export function QuietHoursCard() {
  const { t } = useTranslation('settings');
  const preferences = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quiet.title')}</CardTitle>
        <CardDescription>{t('quiet.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <QuietHoursForm saved={preferences.data.quietHours} />
        ) : (
          <CardQueryState query={preferences} />
        )}
      </CardContent>
    </Card>
  );
}

/** '21:00' as this language writes a time of day ('9:00 PM', '21:00'). */
function clock(time: string, language: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return formatDate(new Date(2000, 0, 1, hours, minutes), language, 'p');
}

type Errors = Partial<Record<keyof TQuietHours, string>>;

function QuietHoursForm({ saved }: { saved: TQuietHours | null }) {
  const { t, i18n } = useTranslation('settings');
  const update = useUpdateNotificationPreferences();
  const toasts = useResultToasts();
  const device = useMemo(deviceTimeZone, []);
  const [on, setOn] = useState(saved !== null);
  const [start, setStart] = useState(saved?.start ?? DEFAULT_QUIET.start);
  const [end, setEnd] = useState(saved?.end ?? DEFAULT_QUIET.end);
  const [timeZone, setTimeZone] = useState(saved?.timeZone ?? device);
  const [errors, setErrors] = useState<Errors>({});
  const zones = useMemo(() => {
    const locale = intlLocale(i18n.language);
    return timeZoneChoices(device, saved?.timeZone ?? null).map((zone) => {
      const label = timeZoneLabel(zone, locale);
      return { zone, label: zone === device ? t('quiet.thisDevice', { zone: label }) : label };
    });
  }, [device, saved?.timeZone, i18n.language, t]);

  const changed = on
    ? saved === null || saved.start !== start || saved.end !== end || saved.timeZone !== timeZone
    : saved !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let quietHours: TQuietHours | null = null;
    if (on) {
      const { ZQuietHours } = await loadSchemas();
      const parsed = ZQuietHours.safeParse({ start, end, timeZone });
      const found: Errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        found[issue.path[0] as keyof TQuietHours] ??= issue.message;
      }
      setErrors(found);
      if (!parsed.success) {
        return;
      }
      quietHours = parsed.data;
    }
    mutateThen(
      update,
      { quietHours },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toasts.done(t('saved'));
          }
        },
        onError: toasts.failed,
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-stone-700" aria-live="polite">
        {saved
          ? t('quiet.current', {
              start: clock(saved.start, i18n.language),
              end: clock(saved.end, i18n.language),
              zone: saved.timeZone,
            })
          : t('quiet.none')}
      </p>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-900">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-800"
          checked={on}
          onChange={(event) => setOn(event.target.checked)}
        />
        {t('quiet.enable')}
      </label>
      <fieldset disabled={!on} className="grid gap-4 disabled:opacity-60 sm:grid-cols-2">
        <Field id="quiet-start" label={t('quiet.start')} error={errors.start}>
          <Input
            id="quiet-start"
            type="time"
            required
            className="min-h-11"
            value={start}
            aria-invalid={errors.start !== undefined}
            aria-describedby={errors.start === undefined ? undefined : 'quiet-start-error'}
            onChange={(event) => setStart(event.target.value)}
          />
        </Field>
        <Field id="quiet-end" label={t('quiet.end')} error={errors.end}>
          <Input
            id="quiet-end"
            type="time"
            required
            className="min-h-11"
            value={end}
            aria-invalid={errors.end !== undefined}
            aria-describedby={errors.end === undefined ? undefined : 'quiet-end-error'}
            onChange={(event) => setEnd(event.target.value)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="quiet-timeZone" label={t('quiet.timeZone')} error={errors.timeZone}>
            <Select
              id="quiet-timeZone"
              className="min-h-11"
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
            >
              {zones.map(({ zone, label }) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </fieldset>
      <Button type="submit" className="min-h-11 self-start" disabled={!changed || update.isPending}>
        {t('quiet.save')}
      </Button>
    </form>
  );
}
