// Network constants the web's screens need at first render, without zod (contract/network.ts holds the schemas).
export const REACTION_TYPES = ['like', 'helpful', 'insightful'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const POST_MAX = 5000;
export const COMMENT_MAX = 2000;
