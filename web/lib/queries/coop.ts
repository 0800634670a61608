// A co-operative's reads for its operations screens: active members (the intake and credit forms pick from them),
// its stores, intakes page by page, bulk lots, member credit, settlements, books and a member's statement, and the
// addresses of its CSV reports. Every key is under coopKey(group), so a write refreshes the group's reads at once.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TBulkLot,
  TCoopBooks,
  TIntake,
  TMember,
  TMemberStatement,
  TSettlement,
  ZCredit,
} from '../../../contract/groups';
import type { TStore } from '../../../contract/stock';
import { api } from '../api-client';
import { getPage } from '../api-page';
import { queryRoots } from '../query-keys';

/** Intakes per page: a day at a busy store fits in one. */
export const INTAKES_PAGE_SIZE = 50;
/** Members per page, and the most pages read for a picker (a co-operative of 2,000 members). */
const MEMBERS_PAGE_SIZE = 200;
const MEMBER_PAGES_MAX = 10;

/** A member's input credit, as GET /api/groups/:id/credits lists it (the contract names no type for it). */
export type TCoopCredit = z.infer<typeof ZCredit>;

export const coopKey = (groupId: number) => [...queryRoots.coop, groupId] as const;

const base = (groupId: number) => `/api/groups/${groupId}`;

/** The group's active members, every page (a picker must offer them all), by name. */
export const activeMembersQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'members'],
    queryFn: async ({ signal }) => {
      const members: TMember[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MEMBER_PAGES_MAX; page += 1) {
        const answer: Awaited<ReturnType<typeof getPage<TMember>>> = await getPage<TMember>(
          `${base(groupId)}/members`,
          { status: 'active', limit: MEMBERS_PAGE_SIZE },
          cursor,
          signal,
        );
        members.push(...answer.items);
        cursor = answer.nextCursor;
        if (cursor === null) {
          break;
        }
      }
      return members.sort((a, b) => memberName(a).localeCompare(memberName(b)));
    },
    staleTime: 60_000,
  });

/** A member as the co-operative knows them: their name, else their username. */
export const memberName = (member: Pick<TMember, 'name' | 'user'>) => member.name ?? member.user.username;

export const coopStoresQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'stores'],
    queryFn: ({ signal }) =>
      api.get<{ data: TStore[] }>(`${base(groupId)}/stores`, signal).then((r) => r.data),
    staleTime: 60_000,
  });

/** Intakes newest first; `member` narrows to one member's (a member's own are all the server gives them). */
export const intakesQuery = (groupId: number, member: number | null = null) =>
  infiniteQueryOptions({
    queryKey: [...coopKey(groupId), 'intakes', member],
    queryFn: ({ pageParam, signal }) =>
      getPage<TIntake>(
        `${base(groupId)}/intakes`,
        { member: member ?? undefined, limit: INTAKES_PAGE_SIZE },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const bulkLotsQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'lots'],
    queryFn: ({ signal }) =>
      api.get<{ data: TBulkLot[] }>(`${base(groupId)}/lots`, signal).then((r) => r.data),
  });

export const creditsQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'credits'],
    queryFn: ({ signal }) =>
      api.get<{ data: TCoopCredit[] }>(`${base(groupId)}/credits`, signal).then((r) => r.data),
  });

export const settlementsQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'settlements'],
    queryFn: ({ signal }) =>
      api.get<{ data: TSettlement[] }>(`${base(groupId)}/settlements`, signal).then((r) => r.data),
  });

export const settlementQuery = (groupId: number, settlementId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'settlements', settlementId],
    queryFn: ({ signal }) => api.get<TSettlement>(`${base(groupId)}/settlements/${settlementId}`, signal),
  });

export const booksQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'books'],
    queryFn: ({ signal }) => api.get<TCoopBooks>(`${base(groupId)}/books`, signal),
  });

/** The caller's own statement (`member` null), or an admin's view of one member's. */
export const statementQuery = (groupId: number, member: number | null = null) =>
  queryOptions({
    queryKey: [...coopKey(groupId), 'statement', member],
    queryFn: ({ signal }) =>
      api.get<TMemberStatement>(
        member === null ? `${base(groupId)}/statement` : `${base(groupId)}/statement?member=${member}`,
        signal,
      ),
  });

/** The per-member contributions report (CSV), for a season (a year) or all of them. */
export const contributionsCsvUrl = (groupId: number, season: number | null = null) =>
  `${base(groupId)}/reports/contributions.csv${season === null ? '' : `?season=${season}`}`;

export const sharesCsvUrl = (groupId: number, settlementId: number) =>
  `${base(groupId)}/settlements/${settlementId}/shares.csv`;
