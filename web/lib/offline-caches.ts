// The service worker's caches of API answers (vite.config.ts names them from here): read when the network is down,
// and emptied at sign-out, since their answers are the signed-in reader's (their lessons carry their progress).

/** Every read of the API, kept 7 days. */
export const API_CACHE = 'terroir-api';
/** The lessons opened or saved for offline, kept until removed (or until sign-out). */
export const LESSONS_CACHE = 'terroir-lessons';
