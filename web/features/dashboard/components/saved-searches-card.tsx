// A buyer's saved marketplace searches: the list (open in the marketplace, delete) and a form to save one.
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TSavedSearch } from '../../../../contract/users';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';

function marketplaceHref(search: TSavedSearch): string {
  const params = new URLSearchParams();
  // A search that names a catalogue kind finds it under any of its names (the kind), another by its text.
  if (search.commodityKey) {
    params.set('kind', search.commodityKey);
  } else if (search.query) {
    params.set('q', search.query);
  }
  if (search.grade) {
    params.set('grade', search.grade);
  }
  if (search.maxPrice !== null) {
    params.set('maxPrice', String(search.maxPrice));
  }
  const query = params.toString();
  return `/marketplace${query ? `?${query}` : ''}`;
}

function SavedSearchItem({ search }: { search: TSavedSearch }) {
  const { t, i18n } = useTranslation('dashboard');
  const remove = useDeleteSavedSearch();
  const filters = [
    search.query,
    search.grade ? t('grade', { grade: search.grade }) : null,
    search.maxPrice === null ? null : t('upTo', { price: formatMoney(search.maxPrice, i18n.language) }),
  ].filter(Boolean);
  return (
    <li className="flex items-center justify-between gap-2 border-b border-stone-100 py-2 last:border-b-0">
      <Link href={marketplaceHref(search)} className="block min-w-0 text-sm hover:underline">
        <span className="block font-medium text-stone-900">{search.name}</span>
        <span className="block truncate text-xs text-stone-600">
          {filters.join(' · ') || t('anyCommodity')}
        </span>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('deleteSearch', { name: search.name })}
        disabled={remove.isPending}
        onClick={() =>
          mutateThen(remove, search.id, {
            onError: (error) => toastError(t('common:error'), error),
          })
        }
      >
        <Trash2 aria-hidden className="h-4 w-4" />
      </Button>
    </li>
  );
}

// The validator (zod and the contract's schemas) loads when the form is first used, not with the dashboard.
const loadSavedSearchForm = () => import('./saved-search-form-schema').then((m) => m.ZSavedSearchForm);

function SaveSearchForm() {
  const { t } = useTranslation(['dashboard', 'users']);
  const create = useCreateSavedSearch();
  const form = useZodForm(
    loadSavedSearchForm,
    { name: '', query: '', grade: '', maxPrice: '' },
    { idPrefix: 'ss-' },
  );
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_8rem_8rem_auto] lg:items-end"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(create, data, {
          onSuccess: (result) => {
            form.reset();
            if (!isQueued(result)) {
              toast({ title: t('common:success'), description: t('searchSaved') });
            }
          },
          onError: (error) => toastError(t('common:error'), error),
        }),
      )}
    >
      <Field id="ss-name" label={t('searchName')} error={form.errors.name}>
        <Input {...form.field('name')} />
      </Field>
      <Field id="ss-query" label={t('searchCommodity')} error={form.errors.query}>
        <Input placeholder={t('searchCommodityPlaceholder')} {...form.field('query')} />
      </Field>
      <Field id="ss-grade" label={t('searchGrade')} error={form.errors.grade}>
        <Select {...form.field('grade')}>
          <option value="">{t('anyGrade')}</option>
          {(['A', 'B', 'C'] as const).map((g) => (
            <option key={g} value={g}>
              {t('grade', { grade: g })}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="ss-maxPrice" label={t('searchMaxPrice')} error={form.errors.maxPrice}>
        <MoneyInput {...form.field('maxPrice')} />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {t('saveSearch')}
      </Button>
    </form>
  );
}

export function SavedSearchesCard() {
  const { t } = useTranslation('dashboard');
  const searches = useSavedSearches(true);
  return (
    <Card id="saved-searches" className="mt-6 scroll-mt-4">
      <CardHeader>
        <CardTitle>{t('yourSavedSearches')}</CardTitle>
        <CardDescription>{t('yourSavedSearchesDetail')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {searches.isPending ? (
          <Spinner />
        ) : searches.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {queryErrorText(searches.error)}
          </p>
        ) : searches.data.length ? (
          <ul>
            {searches.data.map((s) => (
              <SavedSearchItem key={s.id} search={s} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{t('noSavedSearches')}</p>
        )}
        <SaveSearchForm />
      </CardContent>
    </Card>
  );
}
