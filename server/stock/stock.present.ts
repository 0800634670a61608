// What the stock routes answer: stores with their holdings, lots with their free quantity and value, movements.
import { kgToTons } from '../../contract/quantity';
import type { TLot, TLotDetail, TMovement, TStorageHint, TStore } from '../../contract/stock';
import type { LotAnswer } from './lots.service';
import { receiptStatus } from './receipts.service';
import type { ReservationRow } from './reservations.repo';
import type { MovementRow } from './stock.repo';
import type { StoreView } from './stores.service';

export const lotPhotoUrl = (lotId: number, hash: string) => `/api/lots/${lotId}/photos/${hash}`;

export function presentStore(view: StoreView): TStore {
  const { store } = view;
  return {
    id: store.id,
    name: store.name,
    kind: store.kind,
    location: store.location,
    farmId: store.farmId,
    owner:
      store.ownerId === null || view.ownerName === null
        ? null
        : { id: store.ownerId, username: view.ownerName },
    keepers: view.keepers,
    keeps: view.keeps,
    lots: view.lots,
    quantity: kgToTons(view.kg),
    value: view.valueCents,
    unpriced: view.unpriced,
  };
}

/** A crop as the reader names it (the catalogue's name in their language), else as typed. */
export type CropName = (typed: string) => string;
const asTyped: CropName = (typed) => typed;

export function presentLot(answer: LotAnswer, cropName: CropName = asTyped): TLot {
  const { lot } = answer;
  return {
    id: lot.id,
    crop: cropName(lot.crop),
    variety: lot.variety,
    grade: lot.grade,
    moisture: lot.moistureTenths === null ? null : lot.moistureTenths / 10,
    quantity: kgToTons(lot.quantityKg),
    reserved: kgToTons(lot.reservedKg),
    free: kgToTons(lot.quantityKg - lot.reservedKg),
    store: { id: lot.store.id, name: lot.store.name, kind: lot.store.kind, location: lot.store.location },
    owner: { id: lot.ownerId, username: lot.ownerName },
    origin:
      lot.originHarvestId !== null
        ? { harvestId: lot.originHarvestId }
        : lot.originIntakeId !== null
          ? { intakeId: lot.originIntakeId }
          : null,
    photos: answer.photos.map((p) => ({
      url: lotPhotoUrl(lot.id, p.hash),
      thumb: lotPhotoUrl(lot.id, p.thumbHash),
    })),
    value:
      answer.valueCents === null || answer.priceCents === null
        ? null
        : { price: answer.priceCents, total: answer.valueCents, asOf: answer.asOf ?? '' },
    receipt:
      lot.receiptCode === null || lot.receiptNumber === null
        ? null
        : { number: lot.receiptNumber, code: lot.receiptCode, status: receiptStatus(lot) },
    canMove: answer.canMove,
    canSell: answer.canSell,
    createdAt: lot.createdAt.toISOString(),
  };
}

export function presentMovement(row: {
  movement: MovementRow;
  byName: string | null;
  otherStore: string | null;
}): TMovement {
  const { movement: m } = row;
  return {
    id: m.id,
    kind: m.kind,
    quantity: m.quantityKg < 0 ? -kgToTons(-m.quantityKg) : kgToTons(m.quantityKg),
    reason: m.reason,
    note: m.note,
    otherLotId: m.otherLotId,
    otherStore: row.otherStore,
    grade: m.grade,
    moisture: m.moistureTenths === null ? null : m.moistureTenths / 10,
    orderId: m.orderId,
    happenedOn: m.happenedOn,
    by: m.byId === null || row.byName === null ? null : { id: m.byId, username: row.byName },
    createdAt: m.createdAt.toISOString(),
  };
}

export function presentLotDetail(
  detail: {
    answer: LotAnswer;
    movements: Parameters<typeof presentMovement>[0][];
    listings: ReservationRow[];
    hint: TStorageHint | null;
  },
  cropName: CropName = asTyped,
): TLotDetail {
  return {
    ...presentLot(detail.answer, cropName),
    movements: detail.movements.map(presentMovement),
    hint: detail.hint,
    listings: detail.listings.map((r) => ({ id: r.listingId, quantity: kgToTons(r.quantityKg) })),
  };
}
