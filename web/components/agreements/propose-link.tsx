// "Propose a forward agreement": a buyer's way from a farmer's profile or a co-operative's page to the proposal form,
// which names the seller (or the co-operative) from the address.
import { FileSignature } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useUser } from '../../lib/session';

type To = { seller: { id: number; username: string } } | { groupId: number };

const addressOf = (to: To) =>
  'seller' in to
    ? `/agreements/new?seller=${to.seller.id}&name=${encodeURIComponent(to.seller.username)}`
    : `/agreements/new?group=${to.groupId}`;

export function ProposeAgreementLink(to: To) {
  const { t } = useTranslation('agreements');
  if (useUser().data?.role !== 'buyer') {
    return null;
  }
  return (
    <Link
      href={addressOf(to)}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline"
      data-testid="propose-agreement"
    >
      <FileSignature aria-hidden className="h-4 w-4" />
      {t('nav.propose')}
    </Link>
  );
}
