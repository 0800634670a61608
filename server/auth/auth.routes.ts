// Routes for accounts and sessions: register, login, logout, password reset by phone code, current user, language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZLanguageUpdate,
  ZLogin,
  ZPasswordChange,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZPasswordResetRequested,
  ZRegister,
  ZUser,
} from '../../contract/auth';
import type { AppContext } from '../context';
import { requireUser, SESSION_COOKIE } from '../http/access';
import { errorResponses } from '../http/error-responses';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/i18n';
import { FixedWindowLimiter } from '../http/rate-limit';
import { presentUser } from './auth.present';
import {
  changeLanguage,
  changePassword,
  findSignedInUser,
  registerUser,
  signIn,
  signOut,
} from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_PATH } from './device-cookies';
import { confirmPasswordReset, RESET_CODE_TTL_MS, requestPasswordReset } from './password-reset.service';
import { SESSION_ABSOLUTE_DAYS } from './sessions';

export const REGISTRATIONS_PER_IP = 60;
export const REGISTRATION_WINDOW_MS = 10 * 60 * 1000;

const errors = errorResponses(400, 401, 409, 429);

/** httpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS (DESIGN §9). */
const cookieFlags = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }) as const;

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieFlags(request),
    path: '/',
    maxAge: SESSION_ABSOLUTE_DAYS * 24 * 3600,
  });
}

/** A successful sign-in also leaves a device cookie: this browser need not wait while the account makes others wait. */
function setSignedInCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: { token: string; deviceToken: string },
) {
  setSessionCookie(request, reply, signedIn.token);
  reply.setCookie(DEVICE_COOKIE, signedIn.deviceToken, {
    ...cookieFlags(request),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Counted before validation, so that floods of bad requests are limited too.
  const registrations = new FixedWindowLimiter(REGISTRATIONS_PER_IP, REGISTRATION_WINDOW_MS);
  return async (app) => {
    app.post(
      '/api/register',
      {
        config: { access: 'public', batchable: false },
        onRequest: async (request) => registrations.hit(request.ip),
        schema: { tags: ['auth'], body: ZRegister, response: { 201: ZUser, ...errors } },
      },
      async (request, reply) => {
        const { user, ...signedIn } = await registerUser(ctx, {
          ...request.body,
          requestLanguage: requestLanguage(request),
        });
        setSignedInCookies(request, reply, signedIn);
        return reply.status(201).send(presentUser(user));
      },
    );

    app.post(
      '/api/login',
      {
        config: { access: 'public', batchable: false },
        schema: { tags: ['auth'], body: ZLogin, response: { 200: ZUser, ...errors } },
      },
      async (request, reply) => {
        const { user, ...signedIn } = await signIn(ctx, {
          ...request.body,
          ip: request.ip,
          previousToken: request.cookies[SESSION_COOKIE],
          deviceToken: request.cookies[DEVICE_COOKIE],
        });
        setSignedInCookies(request, reply, signedIn);
        return presentUser(user);
      },
    );

    // Public, each limited per network in the database (password-reset.service.ts); the answers tell nobody what exists.
    app.post(
      '/api/password-reset/request',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: ZPasswordResetRequest,
          response: { 202: ZPasswordResetRequested, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, { account: request.body.account, ip: request.ip });
        return reply.code(202).send({ codeValidMinutes: RESET_CODE_TTL_MS / 60_000 });
      },
    );

    app.post(
      '/api/password-reset/confirm',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: ZPasswordResetConfirm,
          response: { 200: ZUser, ...errorResponses(400, 422, 429) },
        },
      },
      async (request, reply) => {
        const { user, ...signedIn } = await confirmPasswordReset(ctx, { ...request.body, ip: request.ip });
        setSignedInCookies(request, reply, signedIn);
        return presentUser(user);
      },
    );

    app.post(
      '/api/logout',
      {
        config: { access: 'public', batchable: false },
        schema: { tags: ['auth'], response: { 204: z.null() } },
      },
      async (request, reply) => {
        await signOut(ctx, { token: request.cookies[SESSION_COOKIE] });
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.status(204).send(null);
      },
    );
  };
}

/** Routes of the signed-in account: who it is, its password, its language. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user',
      {
        config: { access: 'user' },
        schema: { tags: ['auth'], response: { 200: ZUser, ...errorResponses(401) } },
      },
      async (request) => {
        const user = await findSignedInUser(ctx, { userId: requireUser(request).id });
        if (!user) {
          throw new AppError('unauthorized', 'errors.unauthorized');
        }
        return presentUser(user);
      },
    );

    app.post(
      '/api/user/password',
      {
        config: { access: 'user', batchable: false },
        schema: {
          tags: ['auth'],
          body: ZPasswordChange,
          response: { 204: z.null(), ...errors, ...errorResponses(403) },
        },
      },
      async (request, reply) => {
        const signedIn = await changePassword(ctx, {
          ...request.body,
          userId: requireUser(request).id,
          ip: request.ip,
        });
        setSignedInCookies(request, reply, signedIn);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      '/api/user/language',
      {
        config: { access: 'user' },
        schema: { tags: ['auth'], body: ZLanguageUpdate, response: { 200: ZUser, ...errors } },
      },
      async (request) =>
        presentUser(
          await changeLanguage(ctx, { userId: requireUser(request).id, language: request.body.language }),
        ),
    );
  };
}
