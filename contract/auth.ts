// Accounts and sessions: sign-in, registration, the current user, language.

import { z } from 'zod';
import { ZLanguage } from './common';
import type { TDeploymentConfig } from './config';
import { type Language, ROLES, SELF_REGISTER_ROLES } from './constants';
import { zSingleLine } from './text';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const ZUsername = z
  .string()
  .trim()
  .min(3, 'validation.usernameLength')
  .max(32, 'validation.usernameLength')
  .regex(USERNAME_PATTERN, 'validation.usernameChars');

export const ZLogin = z.object({
  username: zSingleLine().min(1, 'validation.usernameRequired').max(200),
  password: z.string().min(1, 'validation.passwordRequired').max(1024),
});
export type TLogin = z.infer<typeof ZLogin>;

const optionalText = (max: number) =>
  zSingleLine()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const ZRegister = z.object({
  username: ZUsername,
  password: z.string().min(8, 'validation.passwordLength').max(1024),
  role: z.enum(SELF_REGISTER_ROLES).default('farmer'),
  email: optionalText(254).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'validation.email',
  ),
  phoneNumber: optionalText(20).refine((v) => v === null || /^[0-9 ]{4,20}$/.test(v), 'validation.phone'),
  countryCode: optionalText(5).refine(
    (v) => v === null || /^\+[0-9]{1,4}$/.test(v),
    'validation.countryCode',
  ),
  language: ZLanguage.optional(),
});
export type TRegisterOutput = z.output<typeof ZRegister>;

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  language: ZLanguage,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * What the server writes into a page it serves (a JSON data block, id `PAGE_SESSION_ID` in constants.ts): the signed-in user, or
 * null with the browser's preferred language, and the deployment's settings. A page from the service worker's cache
 * has none.
 */
export interface TPageSession {
  user: TUser | null;
  language: Language | null;
  /** The deployment's currency and phone defaults (GET /api/config), so amounts show right from the first paint. */
  config: TDeploymentConfig;
}

export const ZLanguageUpdate = z.object({ language: ZLanguage });

export const ZPasswordChange = z.object({
  currentPassword: z.string().min(1, 'validation.passwordRequired').max(1024),
  newPassword: z.string().min(8, 'validation.passwordLength').max(1024),
});

export const ZHealth = z.object({ status: z.literal('ok'), database: z.string() });

/** The account a password reset is for: its username, or its proven phone number (`+237…`, or as dialled at home). */
const ZResetAccount = z.string().trim().min(1, 'validation.accountRequired').max(200);

/** POST /api/password-reset/request: a code goes to the account's proven number, if it has one. */
export const ZPasswordResetRequest = z.object({ account: ZResetAccount }).strict();
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** The same answer whatever exists: how long a code sent would be valid. */
export const ZPasswordResetRequested = z.object({ codeValidMinutes: z.number().int() });

/** POST /api/password-reset/confirm: the code received and the new password; signs the client in. */
export const ZPasswordResetConfirm = z
  .object({
    account: ZResetAccount,
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'auth.validation.code'),
    newPassword: z.string().min(8, 'validation.passwordLength').max(1024),
  })
  .strict();
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;
