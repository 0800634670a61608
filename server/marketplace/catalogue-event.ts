// The event that tells every instance the commodity catalogue was edited: caches holding commodity names drop.
import type { TLiveEvent } from '../../contract/events';

/** A catalogue edit is told as the 'commodity' event of this id (no listing has it): any market's name may change. */
export const CATALOGUE_EVENT_ID = 0;

export const isCatalogueEdit = (event: Pick<TLiveEvent, 'type'> & { id?: number }) =>
  event.type === 'commodity' && event.id === CATALOGUE_EVENT_ID;
