// Rules for the directory (contact privacy), role changes, profiles, dashboards and saved searches.
import type { z } from 'zod';
import type { Role } from '../../contract/constants';
import { parseMoneyToCents } from '../../contract/money';
import {
  SAVED_SEARCHES_MAX,
  type ZEnhancedProfileUpdate,
  type ZProfileUpdate,
  type ZSavedSearchInput,
} from '../../contract/users';
import type { UserRow } from '../auth';
import { sessionCache } from '../auth';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { can } from '../http/permissions';
import { commodityKindOf, farmerSalesCents } from './hooks';
import {
  countSavedSearches,
  deleteSavedSearch as deleteSavedSearchRow,
  insertSavedSearch,
  listSavedSearches as listSavedSearchRows,
  type SavedSearchRow,
} from './saved-searches.repo';
import {
  countDirectory,
  findDirectoryUser,
  findProfile,
  listAchievements,
  listDirectory as listDirectoryPage,
  lockManagers,
  type ProfileChanges,
  type ProfileRow,
  setRole,
  upsertProfile,
} from './users.repo';

type Viewer = Pick<SessionUser, 'id' | 'role' | 'language'>;
type AchievementRow = Awaited<ReturnType<typeof listAchievements>>[number];

/** A user as the viewer may see them: `withContact` tells whether their contact details show. */
export interface VisibleUser {
  user: UserRow;
  withContact: boolean;
}

/** Contact details: to managers and agents, to the user themselves, or when the user chose to show them. */
export function canSeeContact(viewer: Viewer, targetId: number, showContact: boolean | null): boolean {
  return viewer.id === targetId || can(viewer.role, 'users.viewContact') || showContact === true;
}

/** Only the fields the client sent, so a missing field keeps its stored value. */
function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function listDirectory(
  ctx: AppContext,
  options: {
    viewer: Viewer;
    search?: string | undefined;
    role?: Role | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<{ users: VisibleUser[]; nextCursor: number | null; total: number }> {
  const { viewer } = options;
  const filter = { search: options.search || undefined, role: options.role };
  const rows = await listDirectoryPage(ctx.db, { ...filter, cursor: options.cursor, limit: options.limit });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    users: page.map((r) => ({ user: r.user, withContact: canSeeContact(viewer, r.user.id, r.showContact) })),
    nextCursor: rows.length > options.limit && last ? last.user.id : null,
    total: await countDirectory(ctx.db, filter),
  };
}

export async function getUserDetail(
  ctx: AppContext,
  options: { viewer: Viewer; id: number },
): Promise<VisibleUser & { profile: ProfileRow | null; achievements: AchievementRow[] }> {
  const { id } = options;
  const row = await findDirectoryUser(ctx.db, id);
  if (!row) {
    throw new AppError('notFound', 'errors.userNotFound');
  }
  return {
    user: row.user,
    withContact: canSeeContact(options.viewer, id, row.profile?.showContact ?? null),
    profile: row.profile,
    achievements: await listAchievements(ctx.db, id),
  };
}

export async function changeUserRole(
  ctx: AppContext,
  options: { actor: Viewer; id: number; role: Role },
): Promise<VisibleUser> {
  const { id, role } = options;
  const user = await ctx.db.transaction(async (tx) => {
    const managers = await lockManagers(tx);
    const target = await findDirectoryUser(tx, id);
    if (!target) {
      throw new AppError('notFound', 'errors.userNotFound');
    }
    const demotesManager = target.user.role === 'manager' && role !== 'manager';
    if (demotesManager && managers.length <= 1) {
      throw new AppError('conflict', 'users.errors.lastManager');
    }
    const row = await setRole(tx, id, role);
    if (!row) {
      throw new AppError('notFound', 'errors.userNotFound');
    }
    // Public: the directory every signed-in user reads shows the role.
    await ctx.bus.publish(tx, { type: 'user', id: row.id }, 'public');
    return { row, showContact: target.profile?.showContact ?? null };
  });
  // The new role applies to the user's next request here at once; other instances hear the event.
  sessionCache.of(ctx).dropUser(id);
  return { user: user.row, withContact: canSeeContact(options.actor, id, user.showContact) };
}

export interface FarmerProfile {
  profile: ProfileRow | null;
  totalSalesCents: number;
  achievements: AchievementRow[];
}

export async function getProfile(ctx: AppContext, options: { userId: number }): Promise<FarmerProfile> {
  const { userId } = options;
  const [profile, sales, achievements] = await Promise.all([
    findProfile(ctx.db, userId),
    farmerSalesCents.call(ctx.db, userId),
    listAchievements(ctx.db, userId),
  ]);
  return { profile, totalSalesCents: sales, achievements };
}

/** Saves the fields sent in `changes` and answers the whole profile as GET /api/profile does. */
export async function updateProfile(
  ctx: AppContext,
  options: { userId: number; changes: z.output<typeof ZProfileUpdate> },
): Promise<FarmerProfile> {
  const { userId } = options;
  await ctx.db.transaction(async (tx) => {
    await upsertProfile(tx, userId, definedOnly(options.changes) as ProfileChanges);
    // Public: the profile is shown on the user's page to every signed-in user.
    await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, 'public');
  });
  return getProfile(ctx, { userId });
}

export async function getEnhancedProfile(
  ctx: AppContext,
  options: { userId: number },
): Promise<ProfileRow | null> {
  return findProfile(ctx.db, options.userId);
}

export async function updateEnhancedProfile(
  ctx: AppContext,
  options: { userId: number; changes: z.output<typeof ZEnhancedProfileUpdate> },
): Promise<ProfileRow> {
  const { userId } = options;
  return ctx.db.transaction(async (tx) => {
    const saved = await upsertProfile(tx, userId, definedOnly(options.changes) as ProfileChanges);
    // Public: these fields (and whether contacts show) are on the user's page for every signed-in user.
    await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, 'public');
    return saved;
  });
}

export async function listSavedSearches(
  ctx: AppContext,
  options: { userId: number },
): Promise<SavedSearchRow[]> {
  return listSavedSearchRows(ctx.db, options.userId, SAVED_SEARCHES_MAX);
}

export async function saveSearch(
  ctx: AppContext,
  options: { userId: number } & z.output<typeof ZSavedSearchInput>,
): Promise<SavedSearchRow> {
  const { userId } = options;
  const kind = options.query ? await commodityKindOf.call(ctx, options.query) : null;
  return ctx.db.transaction(async (tx) => {
    if ((await countSavedSearches(tx, userId)) >= SAVED_SEARCHES_MAX) {
      throw new AppError('conflict', 'users.errors.tooManySearches', { max: SAVED_SEARCHES_MAX });
    }
    return insertSavedSearch(tx, {
      userId,
      name: options.name,
      query: options.query,
      marketKey: kind?.key ?? null,
      grade: options.grade ?? null,
      maxPriceCents:
        options.maxPrice === null || options.maxPrice === undefined
          ? null
          : parseMoneyToCents(options.maxPrice),
    });
  });
}

export async function deleteSavedSearch(
  ctx: AppContext,
  options: { userId: number; id: number },
): Promise<void> {
  if (!(await deleteSavedSearchRow(ctx.db, options.userId, options.id))) {
    throw new AppError('notFound', 'users.errors.searchNotFound');
  }
}
