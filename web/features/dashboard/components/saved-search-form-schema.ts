// The save-a-search form's text fields turned into the API's saved search (price typed with ',' or '.').
import { z } from 'zod';
import { GRADES, ZSavedSearchInput } from '../../../../contract/users';
import { parseDecimal } from '../../../lib/format';

export const ZSavedSearchForm = z.object({
  name: z.string().pipe(ZSavedSearchInput.shape.name),
  query: z.string().trim().max(60, 'users.validation.searchQuery'),
  grade: z.union([z.literal(''), z.enum(GRADES)]).transform((v) => (v === '' ? null : v)),
  maxPrice: z
    .string()
    .transform((v) => (v.trim() === '' ? null : parseDecimal(v)))
    .pipe(ZSavedSearchInput.shape.maxPrice.unwrap()),
});
