// Groups as the API answers them: their cards with the caller's place and rights, members, posts and comments.
import type { TGroup, TGroupPost, TMember } from '../../contract/groups';
import { type Actor, canOf } from './group-access';
import type { GroupView, MemberView, PostRow } from './groups.repo';

export function presentGroup(user: Actor, view: GroupView): TGroup {
  const { group } = view;
  return {
    id: group.id,
    name: group.name,
    kind: group.kind,
    description: group.description,
    region: group.region,
    visibility: group.visibility,
    crops: group.crops,
    memberCount: view.memberCount,
    levyPercent: group.levyTenths / 10,
    transportPerTon: group.transportPerTon,
    gradeDifferentials: { A: group.differentialA, B: group.differentialB, C: group.differentialC },
    account:
      group.accountUserId === null || view.accountUsername === null
        ? null
        : { id: group.accountUserId, username: view.accountUsername },
    me: view.role === null || view.status === null ? null : { role: view.role, status: view.status },
    can: canOf(user, view),
    createdAt: group.createdAt.toISOString(),
  };
}

/** `admin`: the reader manages the group and may know who can be paid by mobile money. */
export function presentMember(view: MemberView, admin: boolean): TMember {
  return {
    user: { id: view.member.userId, username: view.username },
    name: null,
    role: view.member.role,
    status: view.member.status,
    provenNumber: admin ? view.proven : null,
    joinedAt: (view.member.joinedAt ?? view.member.createdAt).toISOString(),
  };
}

export function presentPost(
  post: { post: PostRow; username: string },
  comments: readonly {
    comment: { id: number; body: string; createdAt: Date; authorId: number };
    username: string;
  }[],
): TGroupPost {
  return {
    id: post.post.id,
    author: { id: post.post.authorId, username: post.username },
    body: post.post.body,
    comments: comments.map((c) => ({
      id: c.comment.id,
      author: { id: c.comment.authorId, username: c.username },
      body: c.comment.body,
      createdAt: c.comment.createdAt.toISOString(),
    })),
    createdAt: post.post.createdAt.toISOString(),
  };
}
