// The profile edit form: text fields become the API's profile update, with the contract's messages.
import { describe, expect, it } from 'vitest';
import { ZProfileForm } from './profile-form-schema';

const blank = {
  bio: '',
  farmingExperience: '',
  preferredCrops: '',
  region: '',
  country: '',
  farmTypes: '',
  certifications: '',
  languagesSpoken: '',
};

describe('profile form', () => {
  it('reads comma-separated lists, blank experience as none, and trims', () => {
    const out = ZProfileForm.parse({
      ...blank,
      bio: '  Cocoa farmer ',
      farmingExperience: ' 12 ',
      preferredCrops: 'Cocoa, , Plantain ,cocoa',
      languagesSpoken: 'Français,English',
    });
    expect(out).toMatchObject({
      bio: 'Cocoa farmer',
      farmingExperience: 12,
      preferredCrops: ['Cocoa', 'Plantain'],
      languagesSpoken: ['Français', 'English'],
      farmTypes: [],
    });
    expect(ZProfileForm.parse(blank).farmingExperience).toBeNull();
    expect(ZProfileForm.parse({ ...blank, farmingExperience: '7,0' }).farmingExperience).toBe(7);
  });

  it('refuses what the server refuses, with the same message keys', () => {
    const message = (input: Partial<typeof blank>) =>
      ZProfileForm.safeParse({ ...blank, ...input }).error?.issues[0]?.message;
    expect(message({ farmingExperience: '81' })).toBe('users.validation.experienceRange');
    expect(message({ farmingExperience: 'ten' })).toBe('users.validation.experienceRange');
    expect(message({ farmingExperience: '2.5' })).toBe('users.validation.experienceWhole');
    expect(message({ bio: 'x'.repeat(1001) })).toBe('users.validation.bioMax');
    expect(message({ preferredCrops: Array.from({ length: 21 }, (_, i) => `c${i}`).join(',') })).toBe(
      'users.validation.cropsMax',
    );
    expect(message({ preferredCrops: 'x'.repeat(41) })).toBe('users.validation.cropLength');
  });
});
