// The sign-in / registration screen: 'Welcome Back' or 'Create Account', with an error toast from the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type TLogin, type TRegisterInput, ZLogin, ZRegister } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { toast } from '../../../lib/toast-store';
import { useSignIn } from '../api/sign-in';
import { LanguageSwitcher } from './language-switcher';

type Mode = 'login' | 'register';

export function AuthScreen() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>('login');
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-6 bg-brand-50 p-4">
      <LanguageSwitcher />
      <main className="w-full max-w-sm">
        <Card>
          <CardHeader>
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
              {t('common:appName')}
            </p>
            <CardTitle className="text-2xl">
              {mode === 'login' ? t('welcomeBack') : t('createAccount')}
            </CardTitle>
            <CardDescription>{mode === 'login' ? t('signInIntro') : t('registerIntro')}</CardDescription>
          </CardHeader>
          <CardContent>
            {mode === 'login' ? <LoginForm /> : <RegisterForm />}
            <button
              type="button"
              className="mt-4 w-full text-center text-sm text-brand-800 underline-offset-4 hover:underline"
              onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? t('needAccount') : t('haveAccount')}
            </button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

function useSubmit(mode: Mode) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn(mode);
  return {
    pending: signIn.isPending,
    submit: (values: TLogin | TRegisterInput) =>
      signIn.mutate(values, {
        onError: (error) =>
          toast({ title: t('common:error'), description: error.message, variant: 'destructive' }),
      }),
  };
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const { submit, pending } = useSubmit('login');
  const form = useForm<TLogin>({
    resolver: zodResolver(ZLogin),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="username" label={t('username')} error={errors.username?.message}>
        <Input
          id="username"
          autoComplete="username"
          aria-invalid={!!errors.username}
          {...form.register('username')}
        />
      </Field>
      <Field id="password" label={t('password')} error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
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
  const form = useForm<TRegisterInput>({
    resolver: zodResolver(ZRegister),
    defaultValues: {
      username: '',
      password: '',
      role: 'farmer',
      email: '',
      phoneNumber: '',
      countryCode: '',
    },
  });
  const { errors } = form.formState;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        submit({ ...values, language: i18n.language === 'fr' ? 'fr' : 'en' }),
      )}
    >
      <Field id="username" label={t('username')} error={errors.username?.message} hint={t('usernameHint')}>
        <Input
          id="username"
          autoComplete="username"
          aria-invalid={!!errors.username}
          {...form.register('username')}
        />
      </Field>
      <Field id="password" label={t('password')} error={errors.password?.message} hint={t('passwordHint')}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </Field>
      <Field id="role" label={t('role')} error={errors.role?.message}>
        <Select id="role" {...form.register('role')}>
          <option value="farmer">{t('common:roles.farmer')}</option>
          <option value="buyer">{t('common:roles.buyer')}</option>
        </Select>
      </Field>
      <Field id="email" label={t('emailOptional')} error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
      </Field>
      <div className="grid grid-cols-[6rem_1fr] gap-2">
        <Field id="countryCode" label={t('countryCode')} error={errors.countryCode?.message}>
          <Input
            id="countryCode"
            inputMode="tel"
            placeholder="+237"
            aria-invalid={!!errors.countryCode}
            {...form.register('countryCode')}
          />
        </Field>
        <Field id="phoneNumber" label={t('phoneOptional')} error={errors.phoneNumber?.message}>
          <Input
            id="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            aria-invalid={!!errors.phoneNumber}
            {...form.register('phoneNumber')}
          />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {t('signUp')}
      </Button>
    </form>
  );
}
