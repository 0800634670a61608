// The rating form as typed (text fields) checked by the contract's own rules for a score and a note.
import { z } from 'zod';
import { ZRatingInput } from '../../../contract/ratings';

export const ratingForm = z.object({
  score: z.string().min(1, 'ratings.validation.score').transform(Number).pipe(ZRatingInput.shape.score),
  note: ZRatingInput.shape.note,
});
