// The commodity catalogue (/catalogue, managers): the users' requests to add a commodity, the names typed on listings
// that no kind matches, and the kinds with their names, other names, grades and local units (kilograms included).
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCommodityKind } from '../../../../contract/commodity-kinds';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { useUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast-store';
import { useCloseKindRequest } from '../api/catalogue-mutations';
import { useKindRequests, useUnmatchedNames } from '../api/catalogue-queries';
import { KindDialog, type KindTarget } from './kind-dialog';
import { KindRequests, UnmatchedNames } from './names-to-map';

export function CataloguePage() {
  const { t, i18n } = useTranslation('catalogue');
  const user = useUser().data;
  const [target, setTarget] = useState<KindTarget>(null);
  const close = useCloseKindRequest();
  // The three sections' reads, asked for at once: the page waits for all of them, so that a section's spinner
  // giving way to a short list does not pull the next ones up (a layout shift).
  const sectionsPending = [
    useKindRequests(user?.role === 'manager'),
    useUnmatchedNames(user?.role === 'manager'),
    useCommodityKinds(i18n.language),
  ].some((query) => query.isPending);
  if (!user) {
    return <PageSpinner />;
  }
  if (user.role !== 'manager') {
    return (
      <div>
        <PageHeader title={t('title')} description={t('description')} />
        <p className="text-stone-700">{t('managersOnly')}</p>
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setTarget({ name: '' })}>
            <Plus aria-hidden className="h-4 w-4" />
            {t('newKind')}
          </Button>
        }
      />
      {sectionsPending ? (
        <PageSpinner />
      ) : (
        <div className="flex flex-col gap-6">
          <KindRequests onCreate={(name, requestId) => setTarget({ name, requestId })} />
          <UnmatchedNames onCreate={(name) => setTarget({ name })} />
          <Kinds onEdit={(kind) => setTarget({ kind })} />
        </div>
      )}
      <KindDialog
        target={target}
        onClose={() => setTarget(null)}
        onCreated={(requestId) => {
          if (requestId !== undefined) {
            // The request is answered by the new kind: it leaves the managers' list.
            mutateThen(close, requestId, {
              onError: (error) => toastError(t('common:error'), error),
            });
          }
        }}
      />
    </div>
  );
}

function Kinds({ onEdit }: { onEdit: (kind: TCommodityKind) => void }) {
  const { t, i18n } = useTranslation('catalogue');
  const kinds = useCommodityKinds(i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('kinds.title')}</CardTitle>
        <CardDescription>{t('kinds.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {kinds.isPending ? (
          <PageSpinner />
        ) : kinds.isError ? (
          <p role="alert" className="text-red-700">
            {t('loadError')} ({queryErrorText(kinds.error)})
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {kinds.data.map((kind) => (
              <KindRow key={kind.key} kind={kind} onEdit={() => onEdit(kind)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function KindRow({ kind, onEdit }: { kind: TCommodityKind; onEdit: () => void }) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="kind">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-stone-900">
          <span lang="en">{kind.names.en}</span> · <span lang="fr">{kind.names.fr}</span>
        </p>
        {kind.synonyms.length > 0 ? (
          <p className="break-words text-stone-600">
            {t('kinds.synonyms', { names: kind.synonyms.join(', ') })}
          </p>
        ) : null}
        <p className="text-stone-600">{t('kinds.grades', { grades: kind.grades.join(', ') })}</p>
        {kind.units.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-stone-700">
            {kind.units.map((unit) => (
              <li key={unit.key} data-testid="kind-unit-weight">
                {unit.kg === null
                  ? t('kinds.unitNotWeighed', { unit: unit.name })
                  : t('kinds.unitKg', { unit: unit.name, kg: formatNumber(unit.kg, lang) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-600">{t('kinds.noUnits')}</p>
        )}
      </div>
      <Button variant="secondary" className="self-start" onClick={onEdit}>
        {t('kinds.edit', { name: kind.name })}
      </Button>
    </li>
  );
}
