// One agreement in a list (the agreements screen, the Futures tab): the other party, the crop and quantity, the
// pricing in words, the window, the deposit, its status and whose answer it waits for; the whole card opens it.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TForwardAgreement } from '../../../contract/forward-agreements';
import { useAgreementText } from './agreement-text';
import { AgreementStatusBadge } from './status-badge';

/** The other party's name as the reader sees it: the co-operative's name when it sells, both names to a manager. */
function useCounterpart(agreement: TForwardAgreement, readerId: number) {
  const { t } = useTranslation('agreements');
  const seller = agreement.group?.name ?? agreement.seller.username;
  if (agreement.buyer.id === readerId) {
    return t('list.withSeller', { name: seller });
  }
  if (agreement.seller.id === readerId) {
    return t('list.withBuyer', { name: agreement.buyer.username });
  }
  return t('list.between', { buyer: agreement.buyer.username, seller });
}

function useTurnText(agreement: TForwardAgreement, readerId: number): string | null {
  const { t } = useTranslation('agreements');
  if (agreement.turn === null) {
    return null;
  }
  const party = agreement.turn === 'buyer' ? agreement.buyer : agreement.seller;
  return party.id === readerId
    ? t('list.yourTurn')
    : t('list.theirTurn', {
        name: agreement.turn === 'seller' ? (agreement.group?.name ?? party.username) : party.username,
      });
}

export function AgreementLine({ agreement, readerId }: { agreement: TForwardAgreement; readerId: number }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const counterpart = useCounterpart(agreement, readerId);
  const turn = useTurnText(agreement, readerId);
  return (
    <li data-testid="agreement-line">
      <Link
        href={`/agreements/${agreement.id}`}
        className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-stone-900">
            {t('list.title', {
              number: agreement.id,
              crop: text.crop(agreement.crop),
              grade: agreement.grade,
              quantity: text.tons(agreement.quantity),
            })}
          </span>
          <AgreementStatusBadge status={agreement.status} />
        </span>
        <span className="text-sm text-stone-700">{counterpart}</span>
        <span className="text-sm text-stone-700">{text.pricing(agreement.pricing)}</span>
        <span className="text-sm text-stone-600">{text.window(agreement)}</span>
        <span className="text-sm text-stone-600">
          {t('list.deposit', { amount: text.money(agreement.deposit), percent: agreement.depositPercent })}
          {agreement.delivered > 0
            ? ` · ${t('list.delivered', { quantity: text.tons(agreement.delivered) })}`
            : null}
        </span>
        {turn ? (
          <span className="text-sm font-medium text-amber-800" data-testid="agreement-turn">
            {turn}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
