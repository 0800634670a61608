// Where the event is: the place's name as people say it, and a pin (typed, or the phone's position with "Use my
// location") so the card can link to a map. The pin is optional: many meeting places have none on a map.
import { LocateFixed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type LocationState, useMyLocation } from '../../../components/farm-scope/use-my-location';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toDecimalInput } from '../../../lib/format';
import type { FieldProps } from '../../../lib/use-zod-form';

type PlaceKey = 'placeName' | 'latitude' | 'longitude';

interface PlaceForm {
  errors: Partial<Record<string, string>>;
  field: (name: PlaceKey) => FieldProps;
  setFields: (changed: Partial<Record<PlaceKey, string>>) => void;
}

export function PlaceFields({ form, prefix }: { form: PlaceForm; prefix: string }) {
  const { t, i18n } = useTranslation('calendar');
  const location = useMyLocation(({ latitude, longitude }) =>
    form.setFields({
      latitude: toDecimalInput(latitude, i18n.language),
      longitude: toDecimalInput(longitude, i18n.language),
    }),
  );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('form.place')}</legend>
      <Field id={`${prefix}placeName`} label={t('form.placeName')} error={form.errors.placeName}>
        <Input maxLength={120} autoComplete="off" {...form.field('placeName')} />
      </Field>
      <Button
        type="button"
        variant="secondary"
        className="self-start"
        onClick={location.locate}
        disabled={location.state.status === 'locating'}
      >
        <LocateFixed aria-hidden className="h-4 w-4" />
        {location.state.status === 'locating' ? t('form.locating') : t('form.useMyLocation')}
      </Button>
      <LocationMessage state={location.state} />
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${prefix}latitude`} label={t('form.latitude')} error={form.errors.latitude}>
          <Input inputMode="decimal" autoComplete="off" {...form.field('latitude')} />
        </Field>
        <Field id={`${prefix}longitude`} label={t('form.longitude')} error={form.errors.longitude}>
          <Input inputMode="decimal" autoComplete="off" {...form.field('longitude')} />
        </Field>
      </div>
    </fieldset>
  );
}

/** Why the phone gave no position, and what to do instead. */
function LocationMessage({ state }: { state: LocationState }) {
  const { t } = useTranslation('calendar');
  if (state.status === 'idle' || state.status === 'locating') {
    return null;
  }
  return (
    <p
      role="status"
      className={state.status === 'found' ? 'text-sm text-stone-700' : 'text-sm text-amber-800'}
    >
      {state.status === 'found'
        ? t('form.location.found', { metres: state.accuracyMetres })
        : t(`form.location.${state.status}`)}
    </p>
  );
}
