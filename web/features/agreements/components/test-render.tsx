// The agreements' screens drawn for tests: both catalogues, a reader signed in, answers seeded in the query cache,
// the address the screen is at; the keys a screen asks for and neither catalogue has are collected.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { TUser } from '../../../../contract/auth';
import { userQuery } from '../../../lib/session';
import enAgreements from '../../../locales/en/agreements.json';
import enAgronomy from '../../../locales/en/agronomy.json';
import enPayments from '../../../locales/en/payments.json';
import frAgreements from '../../../locales/fr/agreements.json';
import frAgronomy from '../../../locales/fr/agronomy.json';
import frPayments from '../../../locales/fr/payments.json';

export async function translator(language: 'en' | 'fr', missing: string[] = []): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { agreements: enAgreements, agronomy: enAgronomy, payments: enPayments },
      fr: { agreements: frAgreements, agronomy: frAgronomy, payments: frPayments },
    },
    defaultNS: 'agreements',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return instance;
}

export interface DrawOptions {
  reader: Pick<TUser, 'id' | 'role' | 'username'>;
  answers?: [readonly unknown[], unknown][];
  path?: string;
  search?: string;
}

export function draw(instance: i18n, screen: ReactElement, options: DrawOptions): string {
  const client = new QueryClient();
  client.setQueryData(userQuery().queryKey, options.reader as TUser);
  for (const [key, data] of options.answers ?? []) {
    client.setQueryData(key, data);
  }
  return renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={client}>
        <Router ssrPath={options.path ?? '/agreements'} ssrSearch={options.search ?? ''}>
          {screen}
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
