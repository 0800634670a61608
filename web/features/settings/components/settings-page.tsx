// The settings screen (/settings): the phone and its channels, the phone PIN, which notifications go where, and
// quiet hours.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { NotificationTypesCard } from './notification-types-card';
import { PhoneCard } from './phone-card';
import { PinCard } from './pin-card';
import { QuietHoursCard } from './quiet-hours-card';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex max-w-3xl flex-col gap-4">
        <PhoneCard />
        <PinCard />
        <NotificationTypesCard />
        <QuietHoursCard />
      </div>
    </>
  );
}
