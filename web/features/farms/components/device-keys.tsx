// Device keys: create one (its key shown once), see them all, revoke one; the set-up steps folded for technicians.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreatedDevice } from '../../../../contract/farm-data';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { useIsOnline } from '../../../lib/use-is-online';
import { useCreateDevice, useDevices, useRevokeDevice } from '../api/devices';

// The validator (zod, the contract's schema and the messages every form validation uses) loads on submit, not with
// the screen.
const loadDeviceInput = () =>
  Promise.all([import('../../../../contract/farm-data'), import('../../../lib/zod-messages')]).then(
    ([m]) => m.ZDeviceInput,
  );

export function DeviceKeys({ farmId }: { farmId: number }) {
  const { t, i18n } = useTranslation('farms');
  const devices = useDevices(farmId, true);
  const create = useCreateDevice(farmId);
  const online = useIsOnline();
  const revoke = useRevokeDevice(farmId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<TCreatedDevice | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void loadDeviceInput().then((ZDeviceInput) => {
      const parsed = ZDeviceInput.safeParse({ name });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message);
        return;
      }
      setError(undefined);
      mutateThen(create, parsed.data.name, {
        onSuccess: (device) => {
          setCreated(device);
          setName('');
          toast({ title: t('common:success'), description: t('devices.created') });
        },
        onError: (e) => toastError(t('common:error'), e),
      });
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('devices.title')}</CardTitle>
        <CardDescription>{t('devices.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <details className="rounded-md border border-stone-200 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-stone-900">
            {t('devices.forTechnicians')}
          </summary>
          <p className="mt-2 text-stone-700">{t('devices.instructions')}</p>
        </details>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="min-w-60 flex-1">
            <Field id="device-name" label={t('devices.name')} error={error}>
              <Input
                id="device-name"
                value={name}
                placeholder={t('devices.namePlaceholder')}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending || !online}>
            {t('devices.create')}
          </Button>
        </form>
        {online ? null : <p className="text-sm text-stone-700">{t('devices.offline')}</p>}
        {created ? (
          <div
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-medium">{t('devices.keyOnce', { name: created.name })}</p>
            <code
              className="mt-1 block break-all rounded bg-white p-2 font-mono text-xs"
              data-testid="device-key"
            >
              {created.key}
            </code>
          </div>
        ) : null}
        <section aria-labelledby="devices-list">
          <h3 id="devices-list" className="text-sm font-semibold text-stone-900">
            {t('devices.list')}
          </h3>
          {devices.isPending ? <Spinner /> : null}
          {devices.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('devices.loadError')} ({queryErrorText(devices.error)})
            </p>
          ) : null}
          {devices.data?.length === 0 ? <p className="text-sm text-stone-600">{t('devices.none')}</p> : null}
          <ul className="mt-2 divide-y divide-stone-100">
            {devices.data?.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div>
                  <p className="font-medium text-stone-900">
                    {device.name}{' '}
                    <Badge variant={device.revokedAt ? 'secondary' : 'default'}>
                      {device.revokedAt ? t('devices.revoked') : t('devices.active')}
                    </Badge>
                  </p>
                  <p className="font-mono text-xs text-stone-600">{device.keyHint}</p>
                  <p className="text-xs text-stone-600">
                    {device.lastUsedAt
                      ? t('devices.lastUsed', { date: formatDate(device.lastUsedAt, i18n.language, 'PPp') })
                      : t('devices.neverUsed')}
                  </p>
                </div>
                {device.revokedAt ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('devices.revokeLabel', { name: device.name })}
                    disabled={revoke.isPending || !online}
                    onClick={() =>
                      mutateThen(revoke, device.id, {
                        onSuccess: () =>
                          toast({ title: t('common:success'), description: t('devices.revokedToast') }),
                        onError: (e) => toastError(t('common:error'), e),
                      })
                    }
                  >
                    {t('devices.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
