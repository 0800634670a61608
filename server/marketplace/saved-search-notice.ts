// A new listing told to the buyers whose saved search it matches, with a link to the marketplace as they searched.
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { notifyEach } from '../notifications';
import { type SavedSearchMatch, savedSearchesMatching } from '../users';
import type { ListingRow } from './marketplace.repo';

/** Buyers whose saved search the new listing matches learn of it (once each, whatever how many of theirs match). */
export async function tellSavedSearches(ctx: AppContext, tx: Tx, listing: ListingRow): Promise<void> {
  const matches = await savedSearchesMatching(tx, listing);
  await notifyEach(
    tx,
    ctx,
    matches.map((match) => ({
      userId: match.userId,
      type: 'saved_search_match' as const,
      data: { search: match.name, commodity: listing.name, price: centsToDecimal(listing.priceCents) },
      link: savedSearchLink(match),
    })),
  );
}

/** The marketplace filtered as the search was saved (the address the dashboard's saved searches open too). */
function savedSearchLink(search: SavedSearchMatch): string {
  const params = new URLSearchParams();
  if (search.marketKey) {
    params.set('kind', search.marketKey);
  } else if (search.query) {
    params.set('q', search.query);
  }
  if (search.grade) {
    params.set('grade', search.grade);
  }
  if (search.maxPriceCents !== null) {
    params.set('maxPrice', String(centsToDecimal(search.maxPriceCents)));
  }
  const query = params.toString();
  return `/marketplace${query ? `?${query}` : ''}#listings`;
}
