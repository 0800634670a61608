// The Settlements tab (admins): the co-operative's settlements, newest first, each opening its review; "New
// settlement" shares out the proceeds of sold bulk lots (ticked) or of one order (its number).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup, TSettlementInput } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { ItemList, ItemRow } from '../../../components/item-list';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { translateMessage } from '../../../lib/i18n';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { bulkLotsQuery, settlementsQuery } from '../../../lib/queries/coop';
import { toast, toastError } from '../../../lib/toast-store';
import { useCreateSettlement } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZSettlementForm } from '../forms';
import { COOP_FORM_NAMESPACES } from './namespaces';
import { SettlementPanel } from './settlement-panel';

export function SettlementsTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const settlements = useQuery(settlementsQuery(group.id));
  const [open, setOpen] = useState<number | null>(null);
  if (open !== null) {
    return (
      <div className="flex flex-col gap-3">
        <Button variant="ghost" align="start" className="self-start" onClick={() => setOpen(null)}>
          {t('settlements.back')}
        </Button>
        <SettlementPanel group={group} settlementId={open} />
      </div>
    );
  }
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('settlements.title')}</CardTitle>
        <ActionDialog variant="primary" label={t('settlements.new')} title={t('settlementForm.title')}>
          {(close) => (
            <SettlementForm
              group={group}
              onDone={(id) => {
                close();
                if (id !== null) {
                  setOpen(id);
                }
              }}
            />
          )}
        </ActionDialog>
      </CardHeader>
      <CardContent>
        <QueryState query={settlements} error={t('settlements.loadError')}>
          {(data) => (
            <ItemList count={data.length} empty={t('settlements.empty')}>
              {data.map((s) => (
                <ItemRow
                  key={s.id}
                  testId="settlement-row"
                  title={t('settlements.number', { number: s.id, date: format.day(s.createdAt) })}
                  badges={
                    <Badge variant={s.status === 'approved' ? 'default' : 'outline'}>
                      {t(`settlements.status.${s.status}`)}
                    </Badge>
                  }
                  actions={
                    <Button variant="secondary" size="sm" onClick={() => setOpen(s.id)}>
                      {t('settlements.open')}
                    </Button>
                  }
                >
                  <p className="text-stone-700">
                    {t('settlements.summary', {
                      proceeds: format.money(s.proceeds),
                      net: format.money(s.totals.net),
                      count: s.shares.length,
                    })}
                  </p>
                </ItemRow>
              ))}
            </ItemList>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SettlementForm({ group, onDone }: { group: TGroup; onDone: (id: number | null) => void }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const lots = useQuery(bulkLotsQuery(group.id));
  const create = useCreateSettlement(group.id);
  const [by, setBy] = useState<'lots' | 'order'>('lots');
  const [lotIds, setLotIds] = useState<number[]>([]);
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  // A lot stops taking intakes once listed or sold from: those are the ones a settlement can share out.
  const sold = (lots.data ?? []).filter((lot) => !lot.open);
  const toggle = (id: number) =>
    setLotIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const submit = (input: TSettlementInput) =>
    mutateThen(create, input, {
      onSuccess: (result) => {
        toast({ title: isQueued(result) ? t('settlementForm.queued') : t('settlementForm.created') });
        onDone(isQueued(result) ? null : result.id);
      },
      onError: (failure) => toastError(t('common:error'), failure),
    });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZSettlementForm.safeParse({ by, lotIds, orderId });
        setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) {
          submit(parsed.data);
        }
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('settlementForm.by')}</legend>
        {(['lots', 'order'] as const).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="by" checked={by === choice} onChange={() => setBy(choice)} />
            {t(`settlementForm.choices.${choice}`)}
          </label>
        ))}
      </fieldset>
      {by === 'lots' ? (
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={error ? 'settlement-lots-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-stone-800">
            {t('settlementForm.chooseLots')}
          </legend>
          {sold.length === 0 ? (
            <p className="text-sm text-stone-600">
              {lots.isPending ? t('form.loading') : t('settlementForm.noLots')}
            </p>
          ) : null}
          {sold.map((lot) => (
            <label key={lot.lotId} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={lotIds.includes(lot.lotId)}
                onChange={() => toggle(lot.lotId)}
              />
              {t('settlementForm.lotOption', {
                crop: lot.crop,
                grade: lot.grade ?? '–',
                store: lot.store.name,
                tons: format.tons(lot.delivered),
              })}
            </label>
          ))}
          {error ? (
            <p id="settlement-lots-error" role="alert" className="text-sm text-red-700">
              {translateMessage(t, error)}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <Field id="settlement-order" label={t('settlementForm.orderNumber')} error={error}>
          <Input inputMode="numeric" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
        </Field>
      )}
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('settlementForm.submit')}
        pending={create.isPending}
      />
    </form>
  );
}
