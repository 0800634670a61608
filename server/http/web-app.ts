// Serves the built web app. Files come precompressed from the build; a page (any other GET outside /api) is
// index.html with the caller's session written in, so the app's first script knows who is signed in, and in which
// language, and in which currency, without waiting a round trip for GET /api/user on a slow network.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TPageSession, TUser } from '../../contract/auth';
import type { TDeploymentConfig } from '../../contract/config';
import { PAGE_SESSION_ID } from '../../contract/constants';
import { notFoundApi } from './error-handler';
import { parseAcceptLanguage } from './i18n';

/** The signed-in caller's account as the page's session carries it, or null (the auth module answers it). */
export type PageAccount = (userId: number) => Promise<TUser | null>;

export function registerWeb(
  app: FastifyInstance,
  root: string,
  account: PageAccount,
  config: TDeploymentConfig,
): void {
  const indexPath = join(root, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (template !== null && !template.includes('</head>')) {
    throw new Error(`${indexPath} has no </head> to write the session before`);
  }
  if (template !== null) {
    app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (template === null || path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return notFoundApi(request, reply);
    }
    const page = pageWithSession(template, { ...(await pageSession(request, account)), config });
    // The page is this caller's: never shared by a cache, always asked for again.
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'cookie, accept-language');
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

async function pageSession(
  request: FastifyRequest,
  account: PageAccount,
): Promise<Omit<TPageSession, 'config'>> {
  const user = request.user ? await account(request.user.id) : null;
  if (user) {
    return { user, language: user.language };
  }
  return { user: null, language: parseAcceptLanguage(request.headers['accept-language']) };
}

/**
 * index.html with the session as a JSON data block (never executed, so the CSP has nothing to allow) and the page's
 * language set. `<` is escaped so no value can end the block.
 */
export function pageWithSession(template: string, session: TPageSession): string {
  const json = JSON.stringify(session).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${PAGE_SESSION_ID}">${json}</script>`;
  const withBlock = template.replace('</head>', `${block}</head>`);
  return session.language
    ? withBlock.replace(/<html lang="[a-z]+"/, `<html lang="${session.language}"`)
    : withBlock;
}
