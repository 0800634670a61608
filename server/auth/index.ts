// The auth module's public face: accounts, sign-in and sessions. Others import auth only through this file.
import type { AppContext } from '../context';
import { installAccess, type SessionFinder } from '../http/access';
import type { ModuleDefinition } from '../module';
import { accountRoutes, authRoutes } from './auth.routes';

export { presentedAccount } from './auth.present';

import { sessionCache } from './session-cache';
import { findSession } from './sessions';

export { changeLanguage, registerByPhone } from './auth.service';
export { loginTrySucceeded, startLoginTry } from './login-throttle';
export { checkPassword, hashPassword } from './passwords';
export { sessionCache } from './session-cache';
export {
  accountByPhone,
  findUserById,
  findUserByUsername,
  insertUser,
  type UserRow,
  userIdsWithRoles,
  usernameKey,
} from './user-accounts';

/** Who a session token stands for on this instance (kept a few seconds; a 'user' event drops it). */
export function sessionFinder(ctx: AppContext): SessionFinder {
  return (token) => sessionCache.of(ctx).find(token, () => findSession(ctx.db, token));
}

export const authModule: ModuleDefinition = {
  name: 'auth',
  install: (app, ctx) => installAccess(app, sessionFinder(ctx)),
  routes: [authRoutes, accountRoutes],
  stop: (ctx) => sessionCache.of(ctx).stop(),
};
