// Presenters for users, profiles and achievements: an explicit pick of fields, never a password hash.
import { ACHIEVEMENT_CODES, type AchievementCode, achievementId } from '../../contract/achievements';
import type { Language } from '../../contract/constants';
import { centsToDecimal } from '../../contract/money';
import type { TDirectoryUser, TEnhancedProfile, TSavedSearch, TUserAchievement } from '../../contract/users';
import type { UserRow } from '../auth';
import { translate } from '../http/i18n';
import type { SavedSearchRow } from './saved-searches.repo';
import type { ProfileRow } from './users.repo';

/** The directory's view of a user; contact fields only when `withContact`. */
export function presentDirectoryUser(row: UserRow, withContact: boolean): TDirectoryUser {
  const base = {
    id: row.id,
    username: row.username,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
  return withContact
    ? { ...base, email: row.email, phoneNumber: row.phoneNumber, countryCode: row.countryCode }
    : base;
}

const isAchievementCode = (code: string): code is AchievementCode =>
  (ACHIEVEMENT_CODES as readonly string[]).includes(code);

export function presentAchievementDefinition(code: AchievementCode, lang: Language) {
  return {
    id: achievementId(code),
    name: translate(lang, `achievements.${code}.name`),
    description: translate(lang, `achievements.${code}.description`),
  };
}

export function presentAchievements(
  rows: { code: string; earnedAt: Date }[],
  lang: Language,
): TUserAchievement[] {
  return rows
    .filter((row) => isAchievementCode(row.code))
    .map((row) => {
      const achievement = presentAchievementDefinition(row.code as AchievementCode, lang);
      return { id: achievement.id, earnedAt: row.earnedAt.toISOString(), achievement };
    });
}

export function presentPublicProfile(row: ProfileRow | null) {
  return {
    bio: row?.bio ?? null,
    farmingExperience: row?.farmingExperience ?? null,
    preferredCrops: row?.preferredCrops ?? [],
    region: row?.region ?? null,
    country: row?.country ?? null,
    farmTypes: row?.farmTypes ?? [],
    certifications: row?.certifications ?? [],
    languagesSpoken: row?.languagesSpoken ?? [],
  };
}

export function presentFarmerProfile(row: ProfileRow | null, totalSalesCents: number) {
  return {
    bio: row?.bio ?? null,
    farmingExperience: row?.farmingExperience ?? null,
    preferredCrops: row?.preferredCrops ?? [],
    totalSales: centsToDecimal(totalSalesCents),
  };
}

export function presentEnhancedProfile(row: ProfileRow | null): TEnhancedProfile {
  return {
    region: row?.region ?? null,
    country: row?.country ?? null,
    farmTypes: row?.farmTypes ?? [],
    certifications: row?.certifications ?? [],
    languagesSpoken: row?.languagesSpoken ?? [],
    showContact: row?.showContact ?? false,
  };
}

export function presentSavedSearch(row: SavedSearchRow): TSavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    commodityKey: row.marketKey,
    grade: row.grade,
    maxPrice: row.maxPriceCents === null ? null : centsToDecimal(row.maxPriceCents),
    createdAt: row.createdAt.toISOString(),
  };
}
