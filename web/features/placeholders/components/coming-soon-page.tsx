// The Learning Center: a placeholder that says the feature is coming soon.
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-10 pb-10 text-center">
          <Construction aria-hidden className="h-10 w-10 text-brand-800" />
          <p className="text-lg font-medium">{t('comingSoon')}</p>
          <p className="max-w-md text-sm text-stone-600">{t('comingSoonDetail')}</p>
        </CardContent>
      </Card>
    </>
  );
}

export const EducationPage = () => <ComingSoonPage titleKey="pages.education" />;
