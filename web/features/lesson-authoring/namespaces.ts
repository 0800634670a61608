// The catalogues the authoring screens read: their own, the lessons' (topics, the contract's messages) and the
// agronomy one (crop names). A screen asks for all of them at once, so that moving here from another screen waits
// for every text instead of drawing keys.
export const AUTHORING_NS = ['lesson-authoring', 'lessons', 'agronomy'] as const;
