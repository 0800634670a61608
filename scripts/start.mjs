// npm start: build the web app and the server if missing or stale, then serve (one process, so signals reach the
// server). The server runs from its bundle; `npm run dev` and the tests run the TypeScript sources through tsx.
import { buildIfStale } from './build-if-stale.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  // Still runs, but Node 20 gets no more security fixes (end of life April 2026): say so where it is run.
  console.warn(
    `Terroir is tested on Node.js 22 LTS; this is Node.js ${process.versions.node}, which no longer gets security fixes.`,
  );
}

await buildIfStale();
await import('../dist/server/main.mjs');
