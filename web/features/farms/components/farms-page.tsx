// The farms screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function FarmsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.farms')} description={t('pages.farmsDescription')} />;
}
