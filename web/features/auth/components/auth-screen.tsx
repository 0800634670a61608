// The sign-in / registration screen: 'Welcome Back', 'Create Account' or 'Choose a new password' (forgot password),
// with an error toast from the server. All need the server: offline the screen says so and sends nothing (these are
// writes the outbox cannot keep).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLogin, TRegisterOutput } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { isOnline } from '../../../lib/connectivity';
import { deployment } from '../../../lib/deployment';
import { toastError } from '../../../lib/toast-store';
import { useIsOnline } from '../../../lib/use-is-online';
import { useZodForm } from '../../../lib/use-zod-form';
import { markFirstScreen } from '../../../lib/when-idle';
import { useSignIn } from '../api/sign-in';
import { LanguageSwitcher } from './language-switcher';
import { PasswordResetForm } from './password-reset-form';

type Mode = 'login' | 'register' | 'reset';

const TITLES = { login: 'welcomeBack', register: 'createAccount', reset: 'resetTitle' } as const;
const INTROS = { login: 'signInIntro', register: 'registerIntro', reset: 'resetIntro' } as const;

// The schemas (and zod with them) load after the screen is drawn: see use-zod-form.
const loadLogin = () => import('../../../../contract/auth').then((m) => m.ZLogin);
const loadRegister = () => import('../../../../contract/auth').then((m) => m.ZRegister);

const LINK = 'mt-4 w-full text-center text-sm text-brand-800 underline-offset-4 hover:underline';

export function AuthScreen() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>('login');
  const online = useIsOnline();
  useEffect(markFirstScreen, []);
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-6 bg-brand-50 p-4">
      <LanguageSwitcher />
      <main className="w-full max-w-sm">
        <Card>
          <CardHeader>
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
              {t('common:appName')}
            </p>
            <h1 className="mt-1 text-2xl font-semibold text-stone-900">{t(TITLES[mode])}</h1>
            <CardDescription className="mt-1">{t(INTROS[mode])}</CardDescription>
          </CardHeader>
          <CardContent>
            {online ? null : (
              <p
                role="status"
                className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <span className="font-semibold">{t('offlineTitle')}. </span>
                {t('offlineNotice')}
              </p>
            )}
            {mode === 'login' ? (
              <LoginForm />
            ) : mode === 'register' ? (
              <RegisterForm />
            ) : (
              <PasswordResetForm />
            )}
            {mode === 'login' ? (
              <button type="button" className={LINK} onClick={() => setMode('reset')}>
                {t('forgotPassword')}
              </button>
            ) : null}
            <button
              type="button"
              className={LINK}
              onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login'
                ? t('needAccount')
                : mode === 'register'
                  ? t('haveAccount')
                  : t('backToSignIn')}
            </button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

function useSubmit(mode: Exclude<Mode, 'reset'>) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn(mode);
  const offline = () => toastError(t('offlineTitle'), t('offlineNotice'));
  return {
    pending: signIn.isPending,
    submit: (values: TLogin | TRegisterOutput) => {
      if (!isOnline()) {
        offline();
        return;
      }
      signIn.mutate(values, {
        onError: (error) => {
          // No answer at all (fetch's "Failed to fetch"): the connection, not the user's input.
          if (!(error instanceof ApiError)) {
            offline();
            return;
          }
          toastError(t('common:error'), error);
        },
      });
    },
  };
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const { submit, pending } = useSubmit('login');
  const form = useZodForm(loadLogin, { username: '', password: '' });
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="username" label={t('username')} error={form.errors.username}>
        <Input autoComplete="username" {...form.field('username')} />
      </Field>
      <Field id="password" label={t('password')} error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.field('password')} />
      </Field>
      <Button type="submit" disabled={pending}>
        {t('signIn')}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const { t, i18n } = useTranslation('auth');
  const { submit, pending } = useSubmit('register');
  const form = useZodForm(loadRegister, {
    username: '',
    password: '',
    role: 'farmer',
    email: '',
    phoneNumber: '',
    // The deployment's country code (DEFAULT_COUNTRY_CODE), which most who register here share.
    countryCode: deployment().defaultCountryCode ?? '',
    language: i18n.language === 'fr' ? 'fr' : 'en',
  });
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="username" label={t('username')} error={form.errors.username} hint={t('usernameHint')}>
        <Input autoComplete="username" {...form.field('username')} />
      </Field>
      <Field id="password" label={t('password')} error={form.errors.password} hint={t('passwordHint')}>
        <Input type="password" autoComplete="new-password" {...form.field('password')} />
      </Field>
      <Field id="role" label={t('role')} error={form.errors.role}>
        <Select {...form.field('role')}>
          <option value="farmer">{t('common:roles.farmer')}</option>
          <option value="buyer">{t('common:roles.buyer')}</option>
        </Select>
      </Field>
      <Field id="email" label={t('emailOptional')} error={form.errors.email}>
        <Input type="email" autoComplete="email" {...form.field('email')} />
      </Field>
      <div className="grid grid-cols-[6rem_1fr] gap-2">
        <Field id="countryCode" label={t('countryCode')} error={form.errors.countryCode}>
          <Input inputMode="tel" placeholder="+237" {...form.field('countryCode')} />
        </Field>
        <Field id="phoneNumber" label={t('phoneOptional')} error={form.errors.phoneNumber}>
          <Input type="tel" autoComplete="tel-national" {...form.field('phoneNumber')} />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {t('signUp')}
      </Button>
    </form>
  );
}
