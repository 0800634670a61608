// The Bulk lots tab (keepers and admins): each of the co-operative's lots with its crop, grade, store, tons, how many
// members delivered into it and how much each, open or closed; an admin lists a lot on the marketplace for the
// co-operative (its party is the seller: `onBehalfOf`), from the lot's free tons at a price per ton.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkLot, TGroup } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { bulkLotsQuery } from '../../../lib/queries/coop';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useListBulkLot } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { listingForm } from '../forms';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function LotsTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const lots = useQuery(bulkLotsQuery(group.id));
  return (
    <QueryState
      query={lots}
      error={t('lots.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={<p className="text-sm text-stone-600">{t('lots.empty')}</p>}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          {data.map((lot) => (
            <LotCard key={lot.lotId} group={group} lot={lot} />
          ))}
        </div>
      )}
    </QueryState>
  );
}

/** Free tons: in the store and not already listed. */
const freeTons = (lot: TBulkLot) => Math.max(0, Math.round((lot.quantity - lot.reserved) * 1000)) / 1000;

function LotCard({ group, lot }: { group: TGroup; lot: TBulkLot }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const free = freeTons(lot);
  const canList = group.can.manage && group.account !== null && lot.grade !== null && free > 0;
  return (
    <Card data-testid="bulk-lot">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {lot.crop}
            <Badge variant="secondary">
              {lot.grade === null ? t('lots.ungraded') : t('grade', { grade: lot.grade })}
            </Badge>
            <Badge variant={lot.open ? 'default' : 'outline'}>
              {lot.open ? t('lots.open') : t('lots.closed')}
            </Badge>
          </CardTitle>
          <CardDescription>
            {[lot.store.name, t('lots.members', { count: lot.members })].join(' · ')}
          </CardDescription>
        </div>
        {canList ? (
          <ActionDialog
            variant="primary"
            label={t('lots.sell')}
            title={t('sellForm.title')}
            description={t('sellForm.description', {
              group: group.name,
              crop: lot.crop,
              grade: lot.grade,
              free: format.tons(free),
            })}
          >
            {(close) => <SellForm group={group} lot={lot} free={free} onDone={close} />}
          </ActionDialog>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-3 gap-2 text-sm">
          {(
            [
              ['quantity', lot.quantity],
              ['reserved', lot.reserved],
              ['delivered', lot.delivered],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-stone-600">{t(`lots.${key}`)}</dt>
              <dd className="font-semibold tabular-nums">{t('tons', { value: format.tons(value) })}</dd>
            </div>
          ))}
        </dl>
        {lot.contributions.length > 0 ? (
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm text-brand-800">
              {t('lots.contributions', { count: lot.contributions.length })}
            </summary>
            <ul className="divide-y divide-stone-100 text-sm">
              {lot.contributions.map((c) => (
                <li key={c.member.id} className="flex justify-between gap-3 py-1.5">
                  <span>{c.member.username}</span>
                  <span className="tabular-nums">{t('intakes.kg', { kg: format.kg(c.quantity) })}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SellForm({
  group,
  lot,
  free,
  onDone,
}: {
  group: TGroup;
  lot: TBulkLot;
  free: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const list = useListBulkLot(group.id);
  const form = useZodForm(
    listingForm(Math.round(free * 1000)),
    { quantity: String(free), price: '' },
    { idPrefix: 'sell-' },
  );
  const account = group.account;
  const grade = lot.grade;
  if (account === null || grade === null) {
    return null;
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((listing) =>
        mutateThen(
          list,
          { name: lot.crop, grade, lotId: lot.lotId, onBehalfOf: account.id, ...listing },
          {
            onSuccess: (result) => {
              toast({ title: isQueued(result) ? t('sellForm.queued') : t('sellForm.listed') });
              onDone();
            },
            onError: (error) => toastError(t('common:error'), error),
          },
        ),
      )}
    >
      <Field id="sell-quantity" label={t('sellForm.quantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="sell-price" label={t('sellForm.price')} error={form.errors.price}>
        <MoneyInput {...form.field('price')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('sellForm.submit')} pending={list.isPending} />
    </form>
  );
}
