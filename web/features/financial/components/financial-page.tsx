// The financial screen (its module issue fills it in).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export function FinancialPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.financial')} description={t('pages.financialDescription')} />;
}
