// Groups and co-operatives as screens read and change them: the groups found (or the caller's own), one group, its
// members and its feed page by page; and each write (create, change, join or invite, decide, set a role, leave or
// remove, post, comment) through the outbox. Every key is under queryRoots.groups, so any answered write refreshes
// the lists, the group and its members through it (a join changes a card's count and the caller's place); a post
// or a comment refreshes its group's feed.
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GroupKind,
  GroupRole,
  MemberStatus,
  TGroup,
  TGroupInput,
  TGroupPatch,
  TGroupPost,
  TMember,
  ZGroupComment,
  ZGroupCommentInput,
  ZGroupPostInput,
  ZMemberDecision,
  ZMemberInput,
  ZMemberRole,
} from '../../../contract/groups';
import type { TDirectoryUser } from '../../../contract/users';
import { api } from '../api-client';
import { getPage } from '../api-page';
import type { OutboxLabel } from '../outbox/outbox-item';
import { type OutboxWrite, useOutboxWrite } from '../outbox/use-outbox-write';
import { queryRoots } from '../query-keys';

/** Groups per page of a search: enough to scroll on a phone, more with the button. */
export const GROUPS_PAGE_SIZE = 30;
/** Posts per page of a group's feed: the first screen comes quickly on a weak connection. */
export const GROUP_POSTS_PAGE_SIZE = 20;
/** Members fetched at once: the server's largest page, so a co-operative of a few hundred shows whole. */
export const MEMBERS_PAGE_SIZE = 200;

/** A search of the groups (blank fields left out); `mine`: only the caller's own, invited or asked-to-join ones. */
export interface GroupsFilter {
  kind?: GroupKind | undefined;
  region?: string | undefined;
  crop?: string | undefined;
  q?: string | undefined;
  mine?: boolean | undefined;
}

const groupsRoot = queryRoots.groups;

export const groupsQuery = (filter: GroupsFilter) =>
  infiniteQueryOptions({
    queryKey: [...groupsRoot, 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      getPage<TGroup>(
        '/api/groups',
        {
          kind: filter.kind,
          region: filter.region?.trim(),
          crop: filter.crop?.trim(),
          q: filter.q?.trim(),
          mine: filter.mine ? 'true' : undefined,
          limit: GROUPS_PAGE_SIZE,
        },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While another search loads, the previous cards stay on screen.
    placeholderData: keepPreviousData,
  });

export const groupQuery = (groupId: number) =>
  queryOptions({
    queryKey: [...groupsRoot, 'group', groupId],
    queryFn: ({ signal }) => api.get<TGroup>(`/api/groups/${groupId}`, signal),
  });

/** A group's members (`status`: only those; pending ones are for its admins). */
export const groupMembersQuery = (groupId: number, status?: MemberStatus) =>
  queryOptions({
    queryKey: [...groupsRoot, 'members', groupId, status ?? 'all'],
    queryFn: ({ signal }) =>
      getPage<TMember>(
        `/api/groups/${groupId}/members`,
        { status, limit: MEMBERS_PAGE_SIZE },
        null,
        signal,
      ).then((page) => page.items),
  });

/** A group's feed, newest first, page by page (each post with its comments, oldest first). */
export const groupPostsQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: [...groupsRoot, 'posts', groupId],
    queryFn: ({ pageParam, signal }) =>
      getPage<TGroupPost>(
        `/api/groups/${groupId}/posts`,
        { limit: GROUP_POSTS_PAGE_SIZE },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** People an admin may invite: enough to choose from; a longer list asks for a narrower search. */
export const INVITEES_SHOWN = 50;

/** The directory's users whose name matches (any role: anyone may belong to a group), for an admin to invite. */
export const inviteesQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryRoots.users, 'invitees', search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INVITEES_SHOWN) });
      if (search) {
        params.set('search', search);
      }
      return api.get<TDirectoryUser[]>(`/api/users?${params}`, signal);
    },
    staleTime: 60_000,
    // While a new search loads, the previous choices stay.
    placeholderData: keepPreviousData,
  });

// ---- Writes

/** What a write's outbox label names: the group. */
export interface GroupRef {
  id: number;
  name: string;
}

/**
 * A write through the outbox; an answered one refreshes what it changed: by default every groups read (a membership
 * or a rule shows in the lists, the group and its members), or only `refreshes` (a post, its group's feed).
 */
function useGroupWrite<TVariables, TResult>(
  toWrite: (variables: TVariables) => OutboxWrite,
  refreshes: QueryKey = groupsRoot,
) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (variables: TVariables) => write<TResult>(toWrite(variables)),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: refreshes })),
  });
}

const groupPath = (group: GroupRef) => `/api/groups/${group.id}`;
const memberPath = (group: GroupRef, userId: number) => `${groupPath(group)}/members/${userId}`;

export const useCreateGroup = () =>
  useGroupWrite<TGroupInput, TGroup>((input) => ({
    method: 'POST',
    path: '/api/groups',
    body: input,
    label: { key: 'outbox:labels.groups.create', params: { name: input.name } },
  }));

export const useUpdateGroup = (group: GroupRef) =>
  useGroupWrite<TGroupPatch, TGroup>((patch) => ({
    method: 'PATCH',
    path: groupPath(group),
    body: patch,
    label: { key: 'outbox:labels.groups.update', params: { name: group.name } },
  }));

/** Asks to join (no user) or, for an admin, invites someone (`username` names them in the outbox). */
export const useAddMember = (group: GroupRef) =>
  useGroupWrite<z.input<typeof ZMemberInput> & { username?: string }, TMember>(({ username, ...input }) => {
    const label: OutboxLabel =
      input.userId === undefined
        ? { key: 'outbox:labels.groups.join', params: { name: group.name } }
        : { key: 'outbox:labels.groups.invite', params: { name: group.name, user: username ?? '' } };
    return { method: 'POST', path: `${groupPath(group)}/members`, body: input, label };
  });

/** An admin's answer to a request to join, or the invitee's to their invitation: the member, or null (declined). */
export const useDecideMember = (group: GroupRef) =>
  useGroupWrite<z.input<typeof ZMemberDecision> & { userId: number }, TMember | null>(
    ({ userId, ...decision }) => ({
      method: 'POST',
      path: `${memberPath(group, userId)}/decision`,
      body: decision,
      label: {
        key: decision.accept ? 'outbox:labels.groups.accept' : 'outbox:labels.groups.decline',
        params: { name: group.name },
      },
    }),
  );

export const useSetMemberRole = (group: GroupRef) =>
  useGroupWrite<z.input<typeof ZMemberRole> & { userId: number; username: string }, TMember>(
    ({ userId, username, role }) => ({
      method: 'PATCH',
      path: memberPath(group, userId),
      body: { role } satisfies { role: GroupRole },
      label: { key: 'outbox:labels.groups.role', params: { name: group.name, user: username } },
    }),
  );

/** Leaves (the caller's own id) or, for an admin, removes a member. */
export const useRemoveMember = (group: GroupRef) =>
  useGroupWrite<{ userId: number; username: string; self: boolean }, null>(({ userId, username, self }) => {
    const label: OutboxLabel = self
      ? { key: 'outbox:labels.groups.leave', params: { name: group.name } }
      : { key: 'outbox:labels.groups.remove', params: { name: group.name, user: username } };
    return { method: 'DELETE', path: memberPath(group, userId), label };
  });

export const useCreateGroupPost = (group: GroupRef) =>
  useGroupWrite<z.input<typeof ZGroupPostInput>, TGroupPost>(
    (input) => ({
      method: 'POST',
      path: `${groupPath(group)}/posts`,
      body: input,
      label: { key: 'outbox:labels.groups.post', params: { name: group.name } },
    }),
    groupPostsQuery(group.id).queryKey,
  );

export const useAddGroupComment = (group: GroupRef, postId: number) =>
  useGroupWrite<z.input<typeof ZGroupCommentInput>, z.infer<typeof ZGroupComment>>(
    (input) => ({
      method: 'POST',
      path: `${groupPath(group)}/posts/${postId}/comments`,
      body: input,
      label: { key: 'outbox:labels.groups.comment', params: { name: group.name } },
    }),
    groupPostsQuery(group.id).queryKey,
  );
