// The catalogue-edit event (the marketplace publishes it; every cache naming commodities listens): its name lives
// here, below the modules, so listeners need not import the marketplace.
import type { TLiveEvent } from '../../contract/events';

/** A catalogue edit is told as the 'commodity' event of this id (no listing has it): any market's name may change. */
export const CATALOGUE_EVENT_ID = 0;

export const isCatalogueEdit = (event: Pick<TLiveEvent, 'type'> & { id?: number }) =>
  event.type === 'commodity' && event.id === CATALOGUE_EVENT_ID;
