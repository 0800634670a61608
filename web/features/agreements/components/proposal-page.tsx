// A buyer's proposal (/agreements/new?seller=ID&name=… from a farmer's card, or ?group=ID from a co-operative's
// page): the terms, the deposit they come to, sent through the outbox; the new agreement opens once answered.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { groupQuery } from '../../../lib/queries/groups';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { usePropose } from '../api/write-agreement';
import { apiTerms, EMPTY_TERMS, loadTermsForm } from '../terms-form';
import type { TermsTarget } from '../terms-values';
import { TermsFields } from './terms-fields';

const positiveId = (text: string | null) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Whom the address names: a seller (with the name the link carried) or a co-operative. */
function targetOf(search: string): { target: TermsTarget; name: string | null } | null {
  const params = new URLSearchParams(search);
  const seller = positiveId(params.get('seller'));
  const group = positiveId(params.get('group'));
  if (seller !== null) {
    return { target: { sellerId: seller }, name: params.get('name') };
  }
  return group === null ? null : { target: { groupId: group }, name: null };
}

export function ProposalPage() {
  const { t } = useTranslation('agreements');
  const found = targetOf(useSearch());
  return (
    <>
      <PageHeader title={t('form.heading')} description={t('form.description')} />
      {found ? (
        <ProposalForm target={found.target} sellerName={found.name} />
      ) : (
        <p role="alert" className="text-sm text-stone-700">
          {t('form.noSeller')} <Link href="/agreements">{t('form.backToList')}</Link>
        </p>
      )}
    </>
  );
}

function ProposalForm({ target, sellerName }: { target: TermsTarget; sellerName: string | null }) {
  const { t } = useTranslation('agreements');
  const [, navigate] = useLocation();
  const propose = usePropose();
  const groupId = 'groupId' in target ? target.groupId : 0;
  const group = useQuery({ ...groupQuery(groupId), enabled: groupId > 0 });
  const seller =
    'groupId' in target
      ? (group.data?.name ?? t('form.groupNumber', { number: groupId }))
      : (sellerName ?? t('form.sellerNumber', { number: target.sellerId }));
  const form = useZodForm(loadTermsForm(target), EMPTY_TERMS, { idPrefix: 'propose-' });
  return (
    <Card className="max-w-2xl">
      <CardContent className="pt-4">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((parsed) =>
            mutateThen(
              propose,
              { body: { ...apiTerms(parsed) }, seller },
              {
                onSuccess: (result) =>
                  navigate(isQueued(result) ? '/agreements' : `/agreements/${result.id}`),
                onError: (error) => toastError(t('actions.failed'), error),
              },
            ),
          )}
        >
          <p className="text-sm text-stone-800" data-testid="proposal-to">
            {t('form.proposeTo', { name: seller })}
          </p>
          <TermsFields form={form} prefix="propose-" />
          <p className="text-xs text-stone-600">{t('form.notAFuture')}</p>
          <Button type="submit" disabled={propose.isPending}>
            {t('form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
