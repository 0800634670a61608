// The Books tab (admins): the co-operative's headline figures (collected from buyers, levies kept, paid to members,
// owed to them, held at the operator), whether the books balance, each account's balance and the entries, newest
// first; and the per-member contributions report (CSV) for a season.
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoopAccount, TCoopBooks, TGroup } from '../../../../contract/groups';
import { encodeMessage } from '../../../../contract/validation';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { translateMessage } from '../../../lib/i18n';
import { booksQuery, contributionsCsvUrl } from '../../../lib/queries/coop';
import { useCoopFormat } from '../format';
import { COOP_FORM_NAMESPACES } from './namespaces';

const HEADLINES = ['collected', 'levies', 'paidToMembers', 'owedToMembers', 'held'] as const;
/** Seasons offered for the report: this year and the four before. */
const SEASONS_BACK = 5;

/** An account's catalogue key (i18next reads ':' as a namespace separator: 'income:levies' → 'income_levies'). */
const accountKey = (account: CoopAccount) => `accounts.${account.replace(':', '_')}`;

export function BooksTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const books = useQuery(booksQuery(group.id));
  return (
    <div className="flex flex-col gap-4">
      <QueryState query={books} error={t('books.loadError')}>
        {(data) => <BooksDetail books={data} />}
      </QueryState>
      <ContributionsReport group={group} />
    </div>
  );
}

function BooksDetail({ books }: { books: TCoopBooks }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('books.title')}</CardTitle>
          <Badge variant={books.balanced ? 'default' : 'destructive'} data-testid="books-balanced">
            {books.balanced ? t('books.balanced') : t('books.unbalanced')}
          </Badge>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-5">
            {HEADLINES.map((key) => (
              <div key={key}>
                <dt className="text-stone-600">{t(`books.${key}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`books-${key}`}>
                  {format.money(books[key])}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('books.balances')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-stone-100 text-sm">
            {books.balances.map((b) => (
              <li key={b.account} className="flex justify-between gap-3 py-2">
                <span>{t(accountKey(b.account))}</span>
                <span className="tabular-nums">{format.money(b.balance)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('books.entries')}</CardTitle>
        </CardHeader>
        <CardContent>
          {books.entries.length === 0 ? (
            <p className="text-sm text-stone-600">{t('books.noEntries')}</p>
          ) : null}
          <ul className="divide-y divide-stone-100 text-sm">
            {books.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <p className="font-medium text-stone-900">
                  {format.day(entry.date)} ·{' '}
                  {translateMessage(t, encodeMessage({ key: entry.memoKey, params: entry.memoData }))}
                </p>
                <ul className="text-stone-700">
                  {entry.lines.map((line) => (
                    <li
                      key={`${line.account}-${line.debit}-${line.credit}`}
                      className="flex justify-between gap-3"
                    >
                      <span>{t(accountKey(line.account))}</span>
                      <span className="tabular-nums">
                        {line.debit > 0
                          ? t('books.debit', { amount: format.money(line.debit) })
                          : t('books.credit', { amount: format.money(line.credit) })}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

function ContributionsReport({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const thisYear = new Date().getFullYear();
  const [season, setSeason] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('books.report')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="books-season" className="text-sm font-medium text-stone-800">
            {t('books.season')}
          </label>
          <Select id="books-season" value={season} onChange={(e) => setSeason(e.target.value)}>
            <option value="">{t('books.allSeasons')}</option>
            {Array.from({ length: SEASONS_BACK }, (_, i) => thisYear - i).map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </Select>
        </div>
        <Button asChild variant="secondary">
          <a href={contributionsCsvUrl(group.id, season === '' ? null : Number(season))} download>
            <Download aria-hidden className="h-4 w-4" />
            {t('books.download')}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
