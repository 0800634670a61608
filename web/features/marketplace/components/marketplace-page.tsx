// The marketplace screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function MarketplacePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.marketplace')} description={t('pages.marketplaceDescription')} />;
}
