// An order's dispute: why it was opened, the weights, and once settled how; the manager reaches both parties from it.
import { Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { formatMoney, formatPhone, formatTons } from '../../../lib/format';
import { day } from './order-format';

type Contacts = NonNullable<NonNullable<TOrder['dispute']>['contacts']>;

/** A phone number as a tel: address (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** For the manager settling it: each party's name with a call link (a 44 px target) and their e-mail. */
function DisputeContacts({ contacts }: { contacts: Contacts }) {
  const { t } = useTranslation('orders');
  const sides = [
    { role: 'buyer', contact: contacts.buyer },
    { role: 'seller', contact: contacts.seller },
  ] as const;
  return (
    <section
      aria-label={t('disputeInfo.contacts')}
      className="mt-2 grid gap-2 sm:grid-cols-2"
      data-testid="dispute-contacts"
    >
      {sides.map(({ role, contact }) => (
        <div key={role} className="flex flex-col gap-1 rounded-md bg-stone-50 p-3">
          <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {t(`disputeInfo.${role}`)}
          </p>
          <p className="font-medium text-stone-900 break-words">{contact.username}</p>
          {contact.phoneNumber ? (
            <a
              href={telHref(contact.phoneNumber)}
              aria-label={t('driver.call', {
                name: contact.username,
                phone: formatPhone(contact.phoneNumber),
              })}
              className="inline-flex min-h-11 items-center gap-2 self-start text-brand-800 underline underline-offset-4"
            >
              <Phone aria-hidden className="h-4 w-4" />
              {formatPhone(contact.phoneNumber)}
            </a>
          ) : (
            <p className="text-stone-600">{t('disputeInfo.noPhone')}</p>
          )}
          {contact.email ? (
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex min-h-11 items-center gap-2 text-brand-800 underline underline-offset-4 break-all"
            >
              <Mail aria-hidden className="h-4 w-4 shrink-0" />
              {contact.email}
            </a>
          ) : null}
        </div>
      ))}
    </section>
  );
}

export function OrderDispute({ dispute }: { dispute: NonNullable<TOrder['dispute']> }) {
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
      {dispute.note ? <p>{dispute.note}</p> : null}
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
