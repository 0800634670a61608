// Network constants the web's screens need at first render, without zod (contract/network.ts holds the schemas).
export const REACTION_TYPES = ['like', 'helpful', 'insightful'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const POST_MAX = 5000;
export const COMMENT_MAX = 2000;

/** What a post is: an insight shared, a question asked, help offered (a hand, a tool, a truck), an event announced. */
export const POST_TYPES = ['insight', 'question', 'offer', 'event'] as const;
export type PostType = (typeof POST_TYPES)[number];
/** Days a discussion or an event counts as recent on the network overview. */
export const OVERVIEW_DAYS = 30;
