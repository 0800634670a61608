// The profile screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function ProfilePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.profile')} description={t('pages.profileDescription')} />;
}
