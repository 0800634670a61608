// A party to reach (whom a driver collects from or delivers to; a dispute's buyer and seller for the manager): name, a
// call button (a big tap target) when a phone number is known, and their e-mail.
import { Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDelivery } from '../../contract/orders';
import { formatPhone } from '../lib/format';

type Contact = NonNullable<TDelivery['pickup']>;

/** A phone number as a tel: address (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function ContactBlock({ title, contact }: { title: string; contact: Contact | null }) {
  const { t } = useTranslation('orders');
  return (
    <div className="flex flex-col gap-2 rounded-md bg-stone-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</p>
      {contact ? (
        <>
          <p className="text-base font-medium text-stone-900 break-words">{contact.username}</p>
          {contact.phoneNumber ? (
            <a
              href={telHref(contact.phoneNumber)}
              aria-label={t('driver.call', {
                name: contact.username,
                phone: formatPhone(contact.phoneNumber),
              })}
              className="inline-flex h-12 items-center gap-2 self-start rounded-md border border-stone-300 bg-white px-4 text-base font-medium text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Phone aria-hidden className="h-5 w-5" />
              {formatPhone(contact.phoneNumber)}
            </a>
          ) : (
            <p className="text-sm text-stone-600">{t('driver.noPhone')}</p>
          )}
          {contact.email ? (
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex min-h-11 items-center gap-2 text-sm text-brand-800 underline underline-offset-4 break-all"
            >
              <Mail aria-hidden className="h-4 w-4 shrink-0" />
              {contact.email}
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-stone-600">{t('driver.contactHidden')}</p>
      )}
    </div>
  );
}
