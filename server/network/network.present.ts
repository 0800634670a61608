// Presenters for the network: explicit field picks, counts per reaction type, and what the caller may delete.
import type { TComment, TConnection, TPost, TReactionCounts } from '../../contract/network';
import { REACTION_TYPES, type ReactionType } from '../../contract/network-constants';
import type { TPhotoRef } from '../../contract/photos';
import type { SessionUser } from '../http/access';
import { can } from '../http/permissions';
import type { PhotoPair } from '../photos';
import type { CommentWithAuthor, PostWithAuthor, ReactionTally } from './posts.repo';

/** Who is looking, as far as presenting posts goes: their id and whether they may moderate. */
export interface Viewer {
  id: number;
  moderator: boolean;
}

export const viewerOf = (user: SessionUser): Viewer => ({
  id: user.id,
  moderator: can(user.role, 'posts.moderate'),
});

/** A signed-in user who wrote nothing, reacted to nothing and moderates nothing (ids start at 1). */
export const OUTSIDER: Viewer = { id: 0, moderator: false };

export const canModerate = (viewer: Viewer, authorId: number) => viewer.id === authorId || viewer.moderator;

export function emptyCounts(): TReactionCounts {
  return { like: 0, helpful: 0, insightful: 0 };
}

/** Counts and the viewer's own reactions of one post from its tallies. */
export function summariseReactions(tallies: ReactionTally[]) {
  const reactions = emptyCounts();
  const mine: ReactionType[] = [];
  for (const tally of tallies) {
    reactions[tally.type] = Number(tally.count);
    if (tally.mine) {
      mine.push(tally.type);
    }
  }
  const myReactions = REACTION_TYPES.filter((type) => mine.includes(type));
  return { reactions, likes: reactions.like, myReactions };
}

export function presentComment(row: CommentWithAuthor, viewer: Viewer): TComment {
  return {
    id: row.comment.id,
    postId: row.comment.postId,
    content: row.comment.content,
    createdAt: row.comment.createdAt.toISOString(),
    author: { id: row.comment.authorId, username: row.username },
    canDelete: canModerate(viewer, row.comment.authorId),
  };
}

/** A post photo's address: its content hash names the bytes, so the answer is cached for a year. */
export const postPhotoUrl = (postId: number, hash: string) => `/api/posts/${postId}/photos/${hash}`;

export function presentPostPhotos(postId: number, pairs: readonly PhotoPair[]): TPhotoRef[] {
  return pairs.map((p) => ({ url: postPhotoUrl(postId, p.hash), thumb: postPhotoUrl(postId, p.thumbHash) }));
}

export function presentPost(
  row: PostWithAuthor,
  viewer: Viewer,
  related: { comments: CommentWithAuthor[]; tallies: ReactionTally[]; photos: readonly PhotoPair[] },
): TPost {
  return {
    id: row.post.id,
    content: row.post.content,
    type: row.post.type,
    attachments: row.post.attachments,
    photos: presentPostPhotos(row.post.id, related.photos),
    createdAt: row.post.createdAt.toISOString(),
    author: { id: row.post.authorId, username: row.username },
    ...summariseReactions(related.tallies),
    comments: related.comments.map((c) => presentComment(c, viewer)),
    canDelete: canModerate(viewer, row.post.authorId),
  };
}

export interface ConnectionWithUsers {
  id: number;
  status: TConnection['status'];
  createdAt: Date;
  followerId: number;
  followerName: string;
  followingId: number;
  followingName: string;
}

export function presentConnection(row: ConnectionWithUsers): TConnection {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    follower: { id: row.followerId, username: row.followerName },
    following: { id: row.followingId, username: row.followingName },
  };
}
