// Presenters of ratings: a hidden note's text goes only to managers and to the one who wrote it; what was sold is
// named in the reader's language.

import type { Language } from '../../contract/constants';
import { ratingEditableUntil, type TRating } from '../../contract/ratings';
import type { SessionUser } from '../http/access';
import type { RatingView } from './ratings.repo';

/** Names a commodity as a reader of one language calls it (the catalogue's kind, else as it was typed). */
export interface CommodityNamer {
  readerName(lang: Language, typed: string): string;
}

/** `names`: the catalogue the commodity is named by (a kind in the reader's language, else as it was typed). */
export function presentRating(view: RatingView, reader: SessionUser, names: CommodityNamer): TRating {
  const r = view.rating;
  const hidden = r.hiddenAt !== null;
  const mayReadHidden = reader.role === 'manager' || reader.id === r.raterId;
  return {
    id: r.id,
    orderId: r.orderId,
    commodityName: names.readerName(reader.language, r.commodityName),
    score: r.score,
    note: hidden && !mayReadHidden ? null : r.note,
    hidden,
    raterSide: r.raterSide,
    rater: { id: r.raterId, username: view.raterUsername },
    ratee: { id: r.rateeId, username: view.rateeUsername },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: ratingEditableUntil(r.createdAt).toISOString(),
  };
}
