// The network screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function NetworkPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.network')} description={t('pages.networkDescription')} />;
}
