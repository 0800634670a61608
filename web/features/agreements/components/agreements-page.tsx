// The agreements screen (/agreements): the caller's forward agreements (a manager's: all), by status, each opening
// its page; a buyer is told where a proposal starts (a farmer's card, a co-operative's page).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AGREEMENT_STATUSES, type AgreementStatus } from '../../../../contract/forward-agreements-constants';
import { AgreementLine } from '../../../components/agreements/agreement-line';
import { BlockSpinner, QueryState } from '../../../components/query-state';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { agreementsQuery } from '../../../lib/queries/forward-agreements';
import { useUser } from '../../../lib/session';

const isStatus = (value: string): value is AgreementStatus =>
  (AGREEMENT_STATUSES as readonly string[]).includes(value);

export function AgreementsPage() {
  const { t } = useTranslation('agreements');
  const user = useUser().data;
  const [status, setStatus] = useState<AgreementStatus | null>(null);
  const agreements = useQuery(agreementsQuery(status));
  return (
    <>
      <PageHeader
        title={t('list.heading')}
        description={t('list.description')}
        actions={
          <div className="flex items-center gap-2 text-sm text-stone-700">
            <label htmlFor="agreements-status">{t('list.filter')}</label>
            <Select
              id="agreements-status"
              value={status ?? ''}
              onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : null)}
            >
              <option value="">{t('list.allStatuses')}</option>
              {AGREEMENT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {user?.role === 'buyer' ? (
        <p className="mb-4 text-sm text-stone-700">
          {t('list.howToPropose')}{' '}
          <Link href="/users" className="text-brand-800 underline">
            {t('list.directory')}
          </Link>
        </p>
      ) : null}
      <QueryState
        query={agreements}
        error={t('list.loadFailed')}
        pending={<BlockSpinner className="py-10" />}
        isEmpty={(data) => data.length === 0}
        empty={<p className="text-sm text-stone-600">{t('list.empty')}</p>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label={t('list.heading')}>
            {data.map((agreement) => (
              <AgreementLine key={agreement.id} agreement={agreement} readerId={user?.id ?? 0} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
