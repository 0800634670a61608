// The network: posts, comments, reactions and connections (requests, responses, limits).
import { z } from 'zod';
import { ZId } from './common';
import { MAX_INT4 } from './constants';
import { COMMENT_MAX, POST_MAX, POST_TYPES, REACTION_TYPES } from './network-constants';
import { pageQuery } from './pagination';
import { ZPhotoRef, ZPhotoUploads } from './photos';
import { zMultiLine, zSingleLine } from './text';

export { OVERVIEW_DAYS, POST_TYPES, type PostType } from './network-constants';

export const CONNECTION_STATUSES = ['pending', 'accepted', 'declined'] as const;

export const ATTACHMENTS_MAX = 10;
export const ATTACHMENT_MAX = 100;
export const POSTS_PAGE_DEFAULT = 50;
export const POSTS_PAGE_MAX = 200;

export const ZPostInput = z.object({
  content: zMultiLine()
    .min(1, 'network.validation.postRequired')
    .max(POST_MAX, 'network.validation.postTooLong'),
  type: z.enum(POST_TYPES).default('insight'),
  attachments: z
    .array(
      zSingleLine()
        .min(1, 'network.validation.attachmentRequired')
        .max(ATTACHMENT_MAX, 'network.validation.attachmentTooLong'),
    )
    .max(ATTACHMENTS_MAX, 'network.validation.tooManyAttachments')
    .default([]),
  /** Up to 4 pictures, each with the thumbnail the phone made: the post's attachments made real. */
  photos: ZPhotoUploads,
});
export type TPostInput = z.input<typeof ZPostInput>;

export const ZCommentInput = z.object({
  content: zMultiLine()
    .min(1, 'network.validation.commentRequired')
    .max(COMMENT_MAX, 'network.validation.commentTooLong'),
});
export type TCommentInput = z.input<typeof ZCommentInput>;

export const ZReactionInput = z.object({ type: z.enum(REACTION_TYPES) });

/** The cursor is the id of the last post of the previous page: the next page holds older posts. */
export const ZPostsQuery = pageQuery({
  cursor: ZId,
  defaultLimit: POSTS_PAGE_DEFAULT,
  maxLimit: POSTS_PAGE_MAX,
});

export const ZAuthor = z.object({ id: z.number().int(), username: z.string() });
export type TAuthor = z.infer<typeof ZAuthor>;

export const ZReactionCounts = z.object({
  like: z.number().int(),
  helpful: z.number().int(),
  insightful: z.number().int(),
});
export type TReactionCounts = z.infer<typeof ZReactionCounts>;

export const ZComment = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  author: ZAuthor,
  /** The caller may delete it (its author, or a manager). */
  canDelete: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZPost = z.object({
  id: z.number().int(),
  content: z.string(),
  type: z.enum(POST_TYPES),
  /** Text labels, as old posts and old clients have them (spec §3): unchanged, so an old client keeps working. */
  attachments: z.array(z.string()),
  /** The post's pictures (oldest first), each with its thumbnail: a field of its own beside the labels. */
  photos: z.array(ZPhotoRef),
  createdAt: z.string(),
  author: ZAuthor,
  reactions: ZReactionCounts,
  /** The like count (spec §3 Post.likes). */
  likes: z.number().int(),
  /** The caller's own reactions on this post. */
  myReactions: z.array(z.enum(REACTION_TYPES)),
  /** Oldest first. */
  comments: z.array(ZComment),
  canDelete: z.boolean(),
});
export type TPost = z.infer<typeof ZPost>;

/** The answer to a reaction toggle: whether the caller's reaction is now on, and the post's new counts. */
export const ZReactionResult = z.object({
  postId: z.number().int(),
  type: z.enum(REACTION_TYPES),
  active: z.boolean(),
  reactions: ZReactionCounts,
  likes: z.number().int(),
  myReactions: z.array(z.enum(REACTION_TYPES)),
});
export type TReactionResult = z.infer<typeof ZReactionResult>;

export const ZConnectionInput = z.object({ userId: z.number().int().positive().max(MAX_INT4) });
export const ZConnectionUpdate = z.object({ status: z.enum(['accepted', 'declined']) });

export const ZConnection = z.object({
  id: z.number().int(),
  status: z.enum(CONNECTION_STATUSES),
  createdAt: z.string(),
  /** The user who asked. */
  follower: ZAuthor,
  /** The user asked. */
  following: ZAuthor,
});
export type TConnection = z.infer<typeof ZConnection>;

export const ZConnections = z.object({
  /** Connections where the caller was asked (pending requests to answer appear here). */
  followers: z.array(ZConnection),
  /** Connections the caller asked for. */
  following: z.array(ZConnection),
});
export type TConnections = z.infer<typeof ZConnections>;

/** The network overview, counted from what exists (SPEC §9's figures, made real). */
export const ZNetworkOverview = z.object({
  /** Farmers with at least one accepted connection. */
  connectedFarmers: z.number().int(),
  /** Question posts asked, or commented on, in the last OVERVIEW_DAYS days. */
  activeDiscussions: z.number().int(),
  /** Event posts announced in the last OVERVIEW_DAYS days (posts carry no event date yet). */
  recentEvents: z.number().int(),
});
export type TNetworkOverview = z.infer<typeof ZNetworkOverview>;
