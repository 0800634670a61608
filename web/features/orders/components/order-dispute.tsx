// An order's dispute: the buyer's complaint, the weights, the seller's answer with its photos, and once settled how;
// the manager reaches both parties from it.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { ContactBlock } from '../../../components/contact-block';
import { formatMoney, formatTons } from '../../../lib/format';
import { day } from './order-format';

type Dispute = NonNullable<TOrder['dispute']>;

/** For the manager settling it: each party's name, a call link and their e-mail (the drivers' contact block). */
function DisputeContacts({ contacts }: { contacts: NonNullable<Dispute['contacts']> }) {
  const { t } = useTranslation('orders');
  return (
    <section
      aria-label={t('disputeInfo.contacts')}
      className="mt-2 grid gap-2 sm:grid-cols-2"
      data-testid="dispute-contacts"
    >
      <ContactBlock title={t('disputeInfo.buyer')} contact={contacts.buyer} />
      <ContactBlock title={t('disputeInfo.seller')} contact={contacts.seller} />
    </section>
  );
}

/** The seller's side: their note and photos (each opens full size), or that they have not answered yet. */
function DisputeReply({ reply }: { reply: Dispute['reply'] }) {
  const { t, i18n } = useTranslation(['orders', 'photos']);
  return (
    <section
      aria-label={t('disputeInfo.reply')}
      className="mt-2 flex flex-col gap-1 rounded-md border border-stone-200 p-3"
      data-testid="dispute-reply"
    >
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('disputeInfo.reply')}</p>
      {reply ? (
        <>
          <p className="text-stone-600">{t('disputeInfo.replied', { date: day(reply.at, i18n.language) })}</p>
          <p className="whitespace-pre-line break-words">{reply.note}</p>
          {reply.photos.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-2">
              {reply.photos.map((url, index) => (
                <li key={url}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('photos:open', { index: index + 1 })}
                    className="block focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <img
                      src={url}
                      alt={t('photos:photo', { index: index + 1 })}
                      loading="lazy"
                      className="h-24 w-24 rounded-md border border-stone-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="text-stone-600">{t('disputeInfo.noReply')}</p>
      )}
    </section>
  );
}

export function OrderDispute({ dispute }: { dispute: Dispute }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700">
      <p>
        <span className="font-medium text-stone-900">{t(`disputeReasons.${dispute.reason}`)}</span> ·{' '}
        {t('disputeInfo.opened', { date: day(dispute.openedAt, lng) })}
      </p>
      {dispute.orderedQuantity !== null && dispute.weighedQuantity !== null ? (
        <p data-testid="dispute-weights">
          {t('disputeInfo.weights', {
            ordered: formatTons(dispute.orderedQuantity, lng),
            weighed: formatTons(dispute.weighedQuantity, lng),
          })}
        </p>
      ) : null}
      {dispute.note ? (
        <p className="whitespace-pre-line break-words">
          <span className="sr-only">{t('disputeInfo.buyerSide')}: </span>
          {dispute.note}
        </p>
      ) : null}
      <DisputeReply reply={dispute.reply} />
      {dispute.resolution ? (
        <p className="font-medium text-stone-900">
          {t(`resolutions.${dispute.resolution}`)}
          {dispute.refund !== null ? ` · ${formatMoney(dispute.refund, lng)}` : null}
          {dispute.resolvedAt ? ` · ${day(dispute.resolvedAt, lng)}` : null}
        </p>
      ) : (
        <p>{t('disputeInfo.pending')}</p>
      )}
      {dispute.resolutionNote ? <p>{dispute.resolutionNote}</p> : null}
      {dispute.contacts ? <DisputeContacts contacts={dispute.contacts} /> : null}
    </div>
  );
}
