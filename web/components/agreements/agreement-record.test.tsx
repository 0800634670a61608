// A party's record of keeping forward agreements, as profiles show it, in both languages; nothing before any ended.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TFulfilmentRecord } from '../../../contract/forward-agreements';
import { agreementRecordQuery } from '../../lib/queries/forward-agreements';
import enAgreements from '../../locales/en/agreements.json';
import frAgreements from '../../locales/fr/agreements.json';
import { AgreementRecord } from './agreement-record';

async function draw(language: 'en' | 'fr', record: TFulfilmentRecord) {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { en: { agreements: enAgreements }, fr: { agreements: frAgreements } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient();
  client.setQueryData(agreementRecordQuery(1).queryKey, record);
  return renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={client}>
        <AgreementRecord userId={1} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('AgreementRecord', () => {
  it('says how many ended agreements were kept, partly kept and defaulted', async () => {
    const record = { ended: 4, fulfilled: 2, partly: 1, defaulted: 1 };
    expect(await draw('en', record)).toContain('Kept 2 of 4 forward agreements · 1 partly · 1 defaulted');
    expect(await draw('fr', record)).toContain(
      'Accords à terme honorés : 2 sur 4 · 1 en partie · 1 non honoré',
    );
    expect(await draw('en', { ended: 1, fulfilled: 1, partly: 0, defaulted: 0 })).toContain(
      'Kept 1 of 1 forward agreement<',
    );
  });

  it('shows nothing before any agreement ended', async () => {
    expect(await draw('en', { ended: 0, fulfilled: 0, partly: 0, defaulted: 0 })).toBe('');
  });
});
