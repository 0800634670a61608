// The settings screen (/settings): the phone and its channels, the phone PIN, which notifications go where, quiet
// hours, and whether the reader's co-operative and agent count the lessons they read.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { LessonPrivacyCard } from './lesson-privacy-card';
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
        <LessonPrivacyCard />
      </div>
    </>
  );
}
