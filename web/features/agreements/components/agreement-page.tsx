// One forward agreement (/agreements/:id): its terms, what the reader may do now (by their side and its state),
// its deliveries and money held, and the seller's crop plan behind it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { AgreementStatusBadge } from '../../../components/agreements/status-badge';
import { QueryState } from '../../../components/query-state';
import { PageHeader } from '../../../components/ui/page-header';
import { localDay } from '../../../lib/format';
import { agreementQuery } from '../../../lib/queries/forward-agreements';
import { useUser } from '../../../lib/session';
import { actionsFor } from '../agreement-rules';
import { AgreementActions } from './agreement-actions';
import { AgreementProgress } from './agreement-progress';
import { AgreementTerms } from './agreement-terms';
import { PlanCard } from './plan-card';

export function AgreementScreen() {
  const id = Number(useParams<{ id: string }>().id);
  return <AgreementPage key={id} agreementId={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}

function AgreementPage({ agreementId }: { agreementId: number }) {
  const { t } = useTranslation('agreements');
  const agreement = useQuery({ ...agreementQuery(agreementId), enabled: agreementId > 0 });
  return (
    <>
      <PageHeader
        title={t('detail.heading', { number: agreementId })}
        actions={
          <Link
            href="/agreements"
            className="inline-flex min-h-11 items-center text-sm text-brand-800 underline"
          >
            {t('detail.back')}
          </Link>
        }
      />
      <QueryState query={agreement} error={t('detail.loadFailed')}>
        {(data) => <AgreementView agreement={data} />}
      </QueryState>
    </>
  );
}

export function AgreementView({
  agreement,
  today = localDay(),
}: {
  agreement: TForwardAgreement;
  today?: string;
}) {
  const { t } = useTranslation('agreements');
  const user = useUser().data;
  const actions = user ? actionsFor(agreement, user, today) : [];
  return (
    <div className="flex flex-col gap-4" data-testid="agreement">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <AgreementStatusBadge status={agreement.status} />
        {agreement.countered ? <span>{t('detail.wasCountered')}</span> : null}
      </p>
      {actions.length > 0 ? <AgreementActions agreement={agreement} actions={actions} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <AgreementTerms agreement={agreement} />
        <AgreementProgress agreement={agreement} />
        <PlanCard agreement={agreement} canLink={actions.includes('linkPlan')} />
      </div>
    </div>
  );
}
