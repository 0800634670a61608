// The edit form's text fields turned into the profile updates the API takes (lists are comma-separated).
import { z } from 'zod';
import {
  BIO_MAX,
  PLACE_MAX,
  ZEnhancedProfileUpdate,
  ZFarmingExperience,
  ZProfileUpdate,
} from '../../../../contract/users';

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** '' is no value; '12' and '12,0' read 12; anything else fails the contract's range rule. */
const experience = (text: string) => {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

export const ZProfileForm = z.object({
  bio: z.string().trim().max(BIO_MAX, 'users.validation.bioMax'),
  farmingExperience: z.string().transform(experience).pipe(ZFarmingExperience.nullable()),
  preferredCrops: z.string().transform(list).pipe(ZProfileUpdate.shape.preferredCrops.unwrap()),
  region: z.string().trim().max(PLACE_MAX, 'users.validation.placeMax'),
  country: z.string().trim().max(PLACE_MAX, 'users.validation.placeMax'),
  farmTypes: z.string().transform(list).pipe(ZEnhancedProfileUpdate.shape.farmTypes.unwrap()),
  certifications: z.string().transform(list).pipe(ZEnhancedProfileUpdate.shape.certifications.unwrap()),
  languagesSpoken: z.string().transform(list).pipe(ZEnhancedProfileUpdate.shape.languagesSpoken.unwrap()),
});
