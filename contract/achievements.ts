// Achievements: fixed definitions (names and descriptions live in the achievements catalogue), awarded once each.
export const ACHIEVEMENT_CODES = [
  'first_listing',
  'first_sale',
  'first_bid_won',
  'first_post',
  'ten_posts',
  'first_connection',
  'sensor_month',
  'first_report',
] as const;
export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];

/** Stable numeric id of an achievement definition (its position, from 1). */
export const achievementId = (code: AchievementCode) => ACHIEVEMENT_CODES.indexOf(code) + 1;
