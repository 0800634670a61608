// npm start: build the web app and the server if missing or stale, then serve (one process, so signals reach the
// server). The server runs from its bundle; `npm run dev` and the tests run the TypeScript sources through tsx.
import { buildIfStale } from './build-if-stale.mjs';

await buildIfStale();
await import('../dist/server/main.mjs');
