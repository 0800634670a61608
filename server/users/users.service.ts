// Rules for the directory (contact privacy), role changes, profiles, dashboards and saved searches.
import type { z } from 'zod';
import type { Language, Role } from '../../contract/common';
import { parseMoneyToCents } from '../../contract/money';
import {
  SAVED_SEARCHES_MAX,
  type ZEnhancedProfileUpdate,
  type ZProfileUpdate,
  type ZSavedSearchInput,
} from '../../contract/users';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { can } from '../http/permissions';
import { totalSalesCents } from '../marketplace/lookups';
import {
  countSavedSearches,
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
} from './saved-searches.repo';
import {
  presentAchievements,
  presentDirectoryUser,
  presentEnhancedProfile,
  presentFarmerProfile,
  presentPublicProfile,
  presentSavedSearch,
} from './users.present';
import {
  countDirectory,
  findDirectoryUser,
  findProfile,
  listAchievements,
  listDirectory,
  lockManagers,
  type ProfileChanges,
  setRole,
  upsertProfile,
} from './users.repo';

type Viewer = Pick<SessionUser, 'id' | 'role' | 'language'>;

/** Contact details: to managers and agents, to the user themselves, or when the user chose to show them. */
export function canSeeContact(viewer: Viewer, targetId: number, showContact: boolean | null): boolean {
  return viewer.id === targetId || can(viewer.role, 'users.viewContact') || showContact === true;
}

/** Only the fields the client sent, so a missing field keeps its stored value. */
function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createUsersService(ctx: AppContext) {
  return {
    async directory(
      viewer: Viewer,
      query: {
        search?: string | undefined;
        role?: Role | undefined;
        cursor?: number | undefined;
        limit: number;
      },
    ) {
      const filter = { search: query.search || undefined, role: query.role };
      const rows = await listDirectory(ctx.db, { ...filter, cursor: query.cursor, limit: query.limit });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        users: page.map((r) => presentDirectoryUser(r.user, canSeeContact(viewer, r.user.id, r.showContact))),
        nextCursor: rows.length > query.limit && last ? last.user.id : null,
        total: await countDirectory(ctx.db, filter),
      };
    },

    async userDetail(viewer: Viewer, id: number, lang: Language) {
      const row = await findDirectoryUser(ctx.db, id);
      if (!row) {
        throw new AppError('notFound', 'errors.userNotFound');
      }
      const withContact = canSeeContact(viewer, id, row.profile?.showContact ?? null);
      return {
        ...presentDirectoryUser(row.user, withContact),
        profile: presentPublicProfile(row.profile),
        achievements: presentAchievements(await listAchievements(ctx.db, id), lang),
      };
    },

    async changeRole(actor: Viewer, id: number, role: Role) {
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
      ctx.sessions.dropUser(id);
      return presentDirectoryUser(user.row, canSeeContact(actor, id, user.showContact));
    },

    async profile(userId: number, lang: Language) {
      const [row, sales, achievements] = await Promise.all([
        findProfile(ctx.db, userId),
        totalSalesCents(ctx.db, userId),
        listAchievements(ctx.db, userId),
      ]);
      return {
        profile: presentFarmerProfile(row, sales),
        achievements: presentAchievements(achievements, lang),
      };
    },

    async updateProfile(userId: number, input: z.output<typeof ZProfileUpdate>, lang: Language) {
      await ctx.db.transaction(async (tx) => {
        await upsertProfile(tx, userId, definedOnly(input) as ProfileChanges);
        // Public: the profile is shown on the user's page to every signed-in user.
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, 'public');
      });
      return this.profile(userId, lang);
    },

    async enhancedProfile(userId: number) {
      return presentEnhancedProfile(await findProfile(ctx.db, userId));
    },

    async updateEnhancedProfile(userId: number, input: z.output<typeof ZEnhancedProfileUpdate>) {
      const row = await ctx.db.transaction(async (tx) => {
        const saved = await upsertProfile(tx, userId, definedOnly(input) as ProfileChanges);
        // Public: these fields (and whether contacts show) are on the user's page for every signed-in user.
        await ctx.bus.publish(tx, { type: 'user', id: userId, userId }, 'public');
        return saved;
      });
      return presentEnhancedProfile(row);
    },

    async savedSearches(userId: number) {
      return (await listSavedSearches(ctx.db, userId, SAVED_SEARCHES_MAX)).map(presentSavedSearch);
    },

    async saveSearch(userId: number, input: z.output<typeof ZSavedSearchInput>) {
      const row = await ctx.db.transaction(async (tx) => {
        if ((await countSavedSearches(tx, userId)) >= SAVED_SEARCHES_MAX) {
          throw new AppError('conflict', 'users.errors.tooManySearches', { max: SAVED_SEARCHES_MAX });
        }
        return insertSavedSearch(tx, {
          userId,
          name: input.name,
          query: input.query,
          grade: input.grade ?? null,
          maxPriceCents:
            input.maxPrice === null || input.maxPrice === undefined
              ? null
              : parseMoneyToCents(input.maxPrice),
        });
      });
      return presentSavedSearch(row);
    },

    async deleteSearch(userId: number, id: number) {
      if (!(await deleteSavedSearch(ctx.db, userId, id))) {
        throw new AppError('notFound', 'users.errors.searchNotFound');
      }
    },
  };
}
