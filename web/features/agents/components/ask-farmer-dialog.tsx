// An agent asks to represent a farmer: search the directory's farmers by name, choose one, send the request.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActionDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useDebounced } from '../../../lib/use-debounced';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestLink } from '../api/request-link';
import { FARMERS_SHOWN, useFarmers } from '../api/search-farmers';

import type { ZAskForm } from './ask-farmer-form-schema';

// The validator (zod) loads when the form is first used, not with the screen.
const loadAskForm = () => import('./ask-farmer-form-schema').then((m) => m.ZAskForm);

export function AskFarmerDialog({
  linkedFarmerIds,
}: {
  /** Farmers the agent already has a link with (pending or active): not offered again. */
  linkedFarmerIds: ReadonlySet<number>;
}) {
  const { t } = useTranslation('agents');
  return (
    <ActionDialog
      label={t('ask.open')}
      variant="primary"
      title={t('ask.title')}
      description={t('ask.description')}
    >
      {(close) => <AskForm linkedFarmerIds={linkedFarmerIds} onDone={close} />}
    </ActionDialog>
  );
}

function AskForm({ linkedFarmerIds, onDone }: { linkedFarmerIds: ReadonlySet<number>; onDone: () => void }) {
  const { t } = useTranslation('agents');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const farmers = useFarmers(query, true);
  const choices = (farmers.data ?? []).filter((farmer) => !linkedFarmerIds.has(farmer.id));
  const request = useRequestLink();
  const form = useZodForm(loadAskForm, { farmerId: '' }, { idPrefix: 'ask-' });
  // A new search can drop the chosen farmer from the list: the choice goes with it, rather than stay hidden.
  const chosen = form.values.farmerId;
  const stillListed = chosen === '' || choices.some((farmer) => String(farmer.id) === chosen);
  const { setValue } = form;
  useEffect(() => {
    if (!stillListed) {
      setValue('farmerId', '');
    }
  }, [stillListed, setValue]);
  const submit = ({ farmerId }: z.output<typeof ZAskForm>) => {
    const farmer = choices.find((f) => f.id === Number(farmerId));
    mutateThen(
      request,
      { farmerId: Number(farmerId), farmerName: farmer?.username ?? '' },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('ask.sent', { name: farmer?.username ?? '' }) });
          }
          onDone();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="ask-search" label={t('ask.search')} hint={t('ask.searchHint')}>
        <Input
          id="ask-search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <Field
        id="ask-farmerId"
        label={t('ask.farmer')}
        error={form.errors.farmerId}
        {...(farmers.isError
          ? { hint: t('ask.loadError') }
          : (farmers.data?.length ?? 0) >= FARMERS_SHOWN
            ? { hint: t('ask.narrow', { count: FARMERS_SHOWN }) }
            : {})}
      >
        <Select required {...form.field('farmerId')}>
          <option value="">
            {farmers.isPending ? t('ask.loading') : choices.length === 0 ? t('ask.noMatch') : t('ask.choose')}
          </option>
          {choices.map((farmer) => (
            <option key={farmer.id} value={String(farmer.id)}>
              {farmer.username}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" disabled={request.isPending}>
        {t('ask.submit')}
      </Button>
    </form>
  );
}
