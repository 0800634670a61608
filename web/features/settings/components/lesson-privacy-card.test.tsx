// The reader's choice on the settings screen, in French: the box ticked when their reading is counted (the default),
// unticked when they keep it to themselves, each time saying which it is; the threshold under which nobody is shown
// counts is the contract's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { lessonPrivacyQuery } from '../../../lib/queries/lesson-counts';
import frSettings from '../../../locales/fr/settings.json';
import { LessonPrivacyCard } from './lesson-privacy-card';

async function draw(shared: boolean) {
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: 'fr',
    fallbackLng: false,
    resources: { fr: { settings: frSettings } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient();
  client.setQueryData(lessonPrivacyQuery().queryKey, { shared });
  return renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <LessonPrivacyCard />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const toggle = (html: string) =>
  html.match(/<input[^>]*data-testid="lesson-privacy-toggle"[^>]*>/)?.[0] ?? '';

describe('LessonPrivacyCard', () => {
  it('ticks the box while the reader’s reading is counted', async () => {
    const html = await draw(true);
    expect(html).toContain('Permettre à ma coopérative et à mon agent de compter les leçons que je lis');
    expect(toggle(html)).toContain('checked');
    expect(html).toContain('Vos lectures sont comptées avec celles des autres.');
    expect(html).toContain('au moins 3 personnes');
  });

  it('leaves it unticked once they keep their reading to themselves', async () => {
    const html = await draw(false);
    expect(toggle(html)).not.toContain('checked');
    expect(html).toContain('elles ne sont pas comptées');
  });
});
