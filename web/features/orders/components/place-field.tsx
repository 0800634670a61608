// One place of a delivery in the arrange form: its name, and a map pin from the phone's location (optional).
import { LocateFixed, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type LocationState, useMyLocation } from '../../../components/farm-scope/use-my-location';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import type { FieldProps } from '../../../lib/use-zod-form';

type PlaceKeys<S extends 'from' | 'to'> = `${S}Name` | `${S}Latitude` | `${S}Longitude`;

interface PlaceForm {
  values: Record<PlaceKeys<'from' | 'to'>, string>;
  errors: Partial<Record<string, string>>;
  field: (name: 'fromName' | 'toName') => FieldProps;
  setFields: (changed: Partial<Record<PlaceKeys<'from' | 'to'>, string>>) => void;
}

export function PlaceField({
  form,
  side,
  prefix,
  maxLength,
}: {
  form: PlaceForm;
  side: 'from' | 'to';
  prefix: string;
  maxLength: number;
}) {
  const { t, i18n } = useTranslation('orders');
  const lat = `${side}Latitude` as const;
  const lon = `${side}Longitude` as const;
  const location = useMyLocation(({ latitude, longitude }) =>
    form.setFields({ [lat]: String(latitude), [lon]: String(longitude) }),
  );
  const pinned = form.values[lat] !== '' && form.values[lon] !== '';
  const name = `${side}Name` as const;
  return (
    <div className="flex flex-col gap-2">
      <Field
        id={`${prefix}${name}`}
        label={t(`arrange.${side}`)}
        error={form.errors[name]}
        hint={t('arrange.placeHint')}
      >
        <Input maxLength={maxLength} autoComplete="off" {...form.field(name)} />
      </Field>
      {pinned ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {t('arrange.pinned', {
            latitude: formatNumber(Number(form.values[lat]), i18n.language, 5),
            longitude: formatNumber(Number(form.values[lon]), i18n.language, 5),
          })}
          <Button
            type="button"
            variant="secondary"
            className="min-h-11"
            aria-label={t('arrange.removePin', { place: t(`arrange.${side}`) })}
            onClick={() => form.setFields({ [lat]: '', [lon]: '' })}
          >
            <X aria-hidden className="h-4 w-4" />
          </Button>
        </p>
      ) : (
        <Button
          type="button"
          variant="secondary"
          className="min-h-11 self-start"
          aria-label={t('arrange.pinHereFor', { place: t(`arrange.${side}`) })}
          onClick={location.locate}
          disabled={location.state.status === 'locating'}
        >
          <LocateFixed aria-hidden className="h-4 w-4" />
          {location.state.status === 'locating' ? t('arrange.locating') : t('arrange.pinHere')}
        </Button>
      )}
      <PinMessage state={location.state} />
    </div>
  );
}

function PinMessage({ state }: { state: LocationState }) {
  const { t } = useTranslation('orders');
  if (state.status === 'idle' || state.status === 'locating' || state.status === 'found') {
    return null;
  }
  return (
    <p role="status" className="text-sm text-amber-800">
      {t(`arrange.location.${state.status}`)}
    </p>
  );
}
