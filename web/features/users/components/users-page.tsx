// The users screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function UsersPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.users')} description={t('pages.usersDescription')} />;
}
