// "Create your farm": shown on the farm and finance screens to a farmer or manager who belongs to no farm yet; the
// position is a pin on a map (tapped, or from the phone: "Use my location"), or typed as a fallback.

import { LocateFixed } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_KEYS } from '../../../contract/crops-constants';
import { ZFarmForm } from '../../../contract/farms';
import { localDay, parseDecimal, toDecimalInput } from '../../lib/format';
import { type LatLon, MAP_HEIGHT } from '../../lib/map-tiles';
import { mutateThen } from '../../lib/mutate-then';
import { isQueued } from '../../lib/outbox/queued-write';
import { toast, toastError } from '../../lib/toast-store';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { Input, Select } from '../ui/input';
import { useCreateFarm } from './farms-api';
import { type LocationState, useMyLocation } from './use-my-location';

// The map and its tile code come with the form's first render only, never with a screen's own code.
const FarmMap = lazy(() => import('./farm-map'));

/** The typed position, when both fields read as a place on Earth: the map shows its pin there. */
function typedPosition(latitude: string, longitude: string): LatLon | null {
  const lat = parseDecimal(latitude);
  const lon = parseDecimal(longitude);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { latitude: lat, longitude: lon } : null;
}

export function CreateFarmForm() {
  const { t, i18n } = useTranslation(['farm-scope', 'agronomy']);
  const create = useCreateFarm();
  const form = useZodForm(
    ZFarmForm,
    {
      name: '',
      size: '',
      latitude: '',
      longitude: '',
      elevation: '',
      crop: 'maize',
      plantingDate: localDay(),
      soilTexture: '',
    },
    { idPrefix: 'farm-' },
  );
  const { errors } = form;
  const location = useMyLocation(({ latitude, longitude, altitude }) =>
    form.setFields({
      latitude: toDecimalInput(latitude, i18n.language),
      longitude: toDecimalInput(longitude, i18n.language),
      ...(altitude === null ? {} : { elevation: String(altitude) }),
    }),
  );
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{t('createTitle')}</CardTitle>
        <CardDescription>{t('createIntro')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) =>
            mutateThen(
              create,
              { ...values, soilTexture: values.soilTexture || null },
              {
                onSuccess: (result) => {
                  form.reset();
                  if (!isQueued(result)) {
                    toast({ title: t('common:success'), description: t('created') });
                  }
                },
                onError: (error) => toastError(t('common:error'), error),
              },
            ),
          )}
        >
          <div className="sm:col-span-2">
            <Field id="farm-name" label={t('name')} error={errors.name}>
              <Input placeholder={t('namePlaceholder')} {...form.field('name')} />
            </Field>
          </div>
          <Field id="farm-size" label={t('size')} error={errors.size}>
            <Input inputMode="decimal" {...form.field('size')} />
          </Field>
          <Field id="farm-crop" label={t('crop')} error={errors.crop}>
            <Select {...form.field('crop')}>
              {CROP_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`agronomy:crop.${key}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Button
              type="button"
              variant="secondary"
              className="self-start"
              onClick={location.locate}
              disabled={location.state.status === 'locating'}
            >
              <LocateFixed aria-hidden className="h-4 w-4" />
              {location.state.status === 'locating' ? t('locating') : t('useMyLocation')}
            </Button>
            <LocationMessage state={location.state} />
          </div>
          <div className="sm:col-span-2">
            <Suspense fallback={<div className="rounded-md bg-stone-200" style={{ height: MAP_HEIGHT }} />}>
              <FarmMap
                value={typedPosition(form.values.latitude, form.values.longitude)}
                onPick={({ latitude, longitude }) =>
                  form.setFields({
                    latitude: toDecimalInput(latitude, i18n.language),
                    longitude: toDecimalInput(longitude, i18n.language),
                  })
                }
              />
            </Suspense>
          </div>
          <Field id="farm-latitude" label={t('latitude')} error={errors.latitude} hint={t('latitudeHint')}>
            <Input inputMode="decimal" {...form.field('latitude')} />
          </Field>
          <Field
            id="farm-longitude"
            label={t('longitude')}
            error={errors.longitude}
            hint={t('longitudeHint')}
          >
            <Input inputMode="decimal" {...form.field('longitude')} />
          </Field>
          <Field id="farm-elevation" label={t('elevation')} error={errors.elevation}>
            <Input inputMode="decimal" {...form.field('elevation')} />
          </Field>
          <Field id="farm-plantingDate" label={t('plantingDate')} error={errors.plantingDate}>
            <Input type="date" {...form.field('plantingDate')} />
          </Field>
          <div className="sm:col-span-2">
            <Field
              id="farm-soilTexture"
              label={t('soilTexture')}
              error={errors.soilTexture}
              hint={t('soilTextureHint')}
            >
              <Input {...form.field('soilTexture')} />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {t('createButton')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** What the location button did: the accuracy when found, else why not and what to do instead. */
function LocationMessage({ state }: { state: LocationState }) {
  const { t } = useTranslation('farm-scope');
  if (state.status === 'idle' || state.status === 'locating') {
    return null;
  }
  if (state.status === 'found') {
    return (
      <p role="status" className="text-sm text-stone-700">
        {t('location.found', { metres: state.accuracyMetres })}
      </p>
    );
  }
  return (
    <p role="alert" className="text-sm text-red-700">
      {t(`location.${state.status}`)}
    </p>
  );
}
