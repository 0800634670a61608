// The stock screen's writes, each through the outbox: a store, opening stock (with its photos), a movement (loss,
// count, move, regrade) and photos added to a lot. An answered one refreshes every stock read (stores, lots, the
// summary), the listings (a lot's free quantity bounds them) and the home figures.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPhotoUpload } from '../../../../contract/photos';
import type {
  TLot,
  TLotDetail,
  TLotInput,
  TMovementInput,
  TStore,
  TStoreInput,
} from '../../../../contract/stock';
import { formatTons } from '../../../lib/format';
import { type OutboxWrite, useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

/** What a lot's outbox label names: its crop and store. */
export interface LotRef {
  id: number;
  crop: string;
  store: { name: string };
}

function useStockWrite<TVariables, TResult>(
  toWrite: (variables: TVariables, tons: (q: number) => string) => OutboxWrite,
) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (variables: TVariables) =>
      write<TResult>(toWrite(variables, (q) => formatTons(q, i18n.language))),
    onSuccess: settle(() =>
      Promise.all(
        [queryRoots.stock, queryRoots.commodities, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}

export const useCreateStore = () =>
  useStockWrite<TStoreInput, TStore>((input) => ({
    method: 'POST',
    path: '/api/stores',
    body: input,
    label: { key: 'outbox:labels.storeCreate', params: { name: input.name } },
  }));

export const useCreateLot = (storeName: (storeId: number) => string) =>
  useStockWrite<TLotInput, TLot>((input, tons) => ({
    method: 'POST',
    path: '/api/lots',
    body: input,
    label: {
      key: 'outbox:labels.lotCreate',
      params: {
        crop: input.crop,
        quantity: typeof input.quantity === 'number' ? tons(input.quantity) : input.quantity,
        store: storeName(input.storeId),
      },
    },
  }));

/** The outbox label of each movement kind a keeper records. */
const MOVEMENT_LABELS = {
  loss: 'outbox:labels.lotLoss',
  count: 'outbox:labels.lotCount',
  transfer: 'outbox:labels.lotMove',
  regrade: 'outbox:labels.lotRegrade',
} as const satisfies Record<TMovementInput['kind'], string>;

export const useRecordMovement = (lot: LotRef) =>
  useStockWrite<TMovementInput, TLotDetail>((input, tons) => {
    const quantity = 'quantity' in input ? input.quantity : 'counted' in input ? input.counted : null;
    return {
      method: 'POST',
      path: `/api/lots/${lot.id}/movements`,
      body: input,
      label: {
        key: MOVEMENT_LABELS[input.kind],
        params: {
          crop: lot.crop,
          store: lot.store.name,
          quantity: typeof quantity === 'number' ? tons(quantity) : String(quantity ?? ''),
        },
      },
    };
  });

export const useAddLotPhotos = (lot: LotRef) =>
  useStockWrite<{ photos: TPhotoUpload[] }, TLot>((input) => ({
    method: 'POST',
    path: `/api/lots/${lot.id}/photos`,
    body: input,
    label: { key: 'outbox:labels.lotPhotos', params: { crop: lot.crop, count: input.photos.length } },
  }));
