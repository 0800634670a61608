// npm start: build the web app if it is missing or stale, then serve (one process, so signals reach the server).
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
register();
await import('../server/main.ts');
