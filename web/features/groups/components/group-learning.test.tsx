// A co-operative admin's Lessons tab, in French: how many members share their reading and how many keep it private,
// one row a lesson (its title a link to it) with how many opened and finished it; and, when too few share, why no
// counts are shown instead of a table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TGroup } from '../../../../contract/groups';
import type { TLearningCounts } from '../../../../contract/lesson-counts';
import { coopLearningQuery } from '../../../lib/queries/lesson-counts';
import frGroups from '../../../locales/fr/groups.json';
import { GroupLearning } from './group-learning';

const group = { id: 7, kind: 'cooperative' } as TGroup;

async function draw(counts: TLearningCounts) {
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: 'fr',
    fallbackLng: false,
    resources: { fr: { groups: frGroups } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient();
  client.setQueryData(coopLearningQuery(group.id, 'fr').queryKey, counts);
  return renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <Router ssrPath="/groups/7">
          <GroupLearning group={group} />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('GroupLearning', () => {
  it('shows the counts per lesson, and how many share or keep their reading private', async () => {
    const html = await draw({
      members: 31,
      private: 2,
      withheld: false,
      data: [{ slug: 'drying-maize', id: 3, title: 'Sécher le maïs à 13 %', opened: 23, finished: 15 }],
    });
    expect(text(html)).toContain('31 membres partagent leurs lectures · 2 les gardent pour eux');
    expect(html).toContain('href="/education/drying-maize"');
    expect(text(html)).toMatch(/Sécher le maïs à 13 % 23 15/);
    expect(html).not.toContain('learning-withheld');
  });

  it('says why no counts are shown when fewer than 3 members share', async () => {
    const html = await draw({ members: 2, private: 0, withheld: true, data: [] });
    expect(text(html)).toContain('2 membres partagent leurs lectures');
    expect(text(html)).toContain('au moins 3 membres');
    expect(html).not.toContain('<table');
  });
});
