// The caller's selected farm for /farms and /financial: the one the address names (`?farm=`, as a farm alert's
// link does), else the one last chosen on this device, else the first; a selector when there are several, a
// create-farm form when there are none (for the roles that may create one; the others are told why not).
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { Role } from '../../../contract/constants';
import type { TFarm } from '../../../contract/farms';
import { FARM_CREATOR_ROLES } from '../../../contract/farms-constants';
import { queryErrorText } from '../../lib/api-client';
import { preloadable } from '../../lib/preloadable';
import { useFarms } from '../../lib/queries/farms';
import { useUser } from '../../lib/session';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Select } from '../ui/input';
import { PageSpinner } from '../ui/spinner';

// Only someone without a farm sees the form: it (and the validator) loads then, not with every farm screen.
const { Component: CreateFarmForm } = preloadable(() =>
  import('./create-farm-form').then((m) => m.CreateFarmForm),
);

const STORAGE_KEY = 'selectedFarm';

const canCreateFarm = (role: Role) => (FARM_CREATOR_ROLES as readonly Role[]).includes(role);

/** Where each role that keeps no farm does its work (the notice links there). */
const OWN_SCREEN: Partial<Record<Role, { href: string; labelKey: string }>> = {
  buyer: { href: '/orders', labelKey: 'nav.orders' },
  delivery: { href: '/deliveries', labelKey: 'nav.deliveries' },
  agent: { href: '/agent', labelKey: 'nav.agent' },
};

/** For a role that may not create a farm and belongs to none: why there is nothing here, and where to go. */
function NoFarmNotice({ role }: { role: Role }) {
  const { t } = useTranslation(['farm-scope', 'common']);
  const own = OWN_SCREEN[role];
  return (
    <Card className="max-w-2xl" data-testid="no-farm-notice">
      <CardHeader>
        <CardTitle>{t('noFarm.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-stone-700">{t(own ? `noFarm.${role}` : 'noFarm.other')}</p>
        {own ? (
          <Link
            href={own.href}
            className="inline-flex items-center self-start text-sm font-medium text-brand-800 underline"
          >
            {t(`common:${own.labelKey}`)}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

function storedFarmId(): number | null {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function FarmScope({ children }: { children: (farm: TFarm, selector: ReactNode) => ReactNode }) {
  const { t } = useTranslation('farm-scope');
  const farms = useFarms();
  const role = useUser().data?.role;
  const named = Number(new URLSearchParams(useSearch()).get('farm'));
  const addressed = Number.isInteger(named) && named > 0 ? named : null;
  const [selectedId, setSelectedId] = useState<number | null>(() => addressed ?? storedFarmId());
  // A link followed while the page is open (a notification) selects its farm.
  useEffect(() => {
    if (addressed !== null) {
      setSelectedId(addressed);
    }
  }, [addressed]);

  if (farms.isPending || (role === undefined && farms.data?.length === 0)) {
    return <PageSpinner />;
  }
  if (farms.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('loadError')} ({queryErrorText(farms.error)})
      </p>
    );
  }
  const list = farms.data;
  const farm = list.find((f) => f.id === selectedId) ?? list[0];
  if (!farm) {
    // Only those the server lets create a farm are asked to; the others are told where their work is.
    return role !== undefined && !canCreateFarm(role) ? (
      <NoFarmNotice role={role} />
    ) : (
      <Suspense fallback={<PageSpinner />}>
        <CreateFarmForm />
      </Suspense>
    );
  }
  const selector =
    list.length > 1 ? (
      <div className="flex items-center gap-2">
        <label htmlFor="farm-selector" className="text-sm font-medium text-stone-700">
          {t('farm')}
        </label>
        <Select
          id="farm-selector"
          className="w-auto min-w-48"
          value={String(farm.id)}
          onChange={(event) => {
            const id = Number(event.target.value);
            setSelectedId(id);
            try {
              localStorage.setItem(STORAGE_KEY, String(id));
            } catch {
              // the choice then lasts for this visit only
            }
          }}
        >
          {list.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </Select>
      </div>
    ) : null;
  return <>{children(farm, selector)}</>;
}
